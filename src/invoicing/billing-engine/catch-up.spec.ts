import { cutCatchUp } from './catch-up';

const at = (day: number, tag = '') => ({ date: new Date(Date.UTC(2027, 0, day)), tag });

describe('cutCatchUp', () => {
  it('keeps everything within the limit', () => {
    const docs = [at(1), at(2), at(3)];
    expect(cutCatchUp(docs, 3)).toEqual({ keep: docs, resumeAt: null });
    expect(cutCatchUp([], 1)).toEqual({ keep: [], resumeAt: null });
  });

  it('cuts after `max` docs and resumes at the next one', () => {
    const docs = [at(1), at(2), at(3), at(4)];
    expect(cutCatchUp(docs, 2)).toEqual({ keep: [at(1), at(2)], resumeAt: at(3).date });
  });

  it('never splits the docs of one instant (a change and a billing date)', () => {
    const docs = [at(1), at(2, 'change'), at(2, 'period'), at(3)];
    // the second doc at day 2 would be over the limit: both wait for the next transaction
    expect(cutCatchUp(docs, 2)).toEqual({ keep: [at(1)], resumeAt: at(2).date });
  });

  it('writes a first instant with more docs than the limit whole', () => {
    const docs = [at(1, 'change'), at(1, 'period'), at(1, 'cancel'), at(5)];
    expect(cutCatchUp(docs, 1)).toEqual({ keep: docs.slice(0, 3), resumeAt: at(5).date });
    expect(cutCatchUp(docs.slice(0, 3), 1)).toEqual({ keep: docs.slice(0, 3), resumeAt: null });
  });
});
