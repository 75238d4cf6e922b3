import { QueryFailedError } from 'typeorm';
import { isTransientConflict, retryTransient } from './transient';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });
const typeormError = (code: string) => new QueryFailedError('SELECT 1', [], pgError(code));

describe('retryTransient', () => {
  it('knows deadlocks and serialization failures, raw or wrapped by TypeORM, and nothing else', () => {
    expect(isTransientConflict(pgError('40P01'))).toBe(true);
    expect(isTransientConflict(typeormError('40P01'))).toBe(true);
    expect(isTransientConflict(typeormError('40001'))).toBe(true);
    expect(isTransientConflict(typeormError('23505'))).toBe(false);
    expect(isTransientConflict(new Error('boom'))).toBe(false);
    expect(isTransientConflict(undefined)).toBe(false);
  });

  it('runs the work again after a lost deadlock, with pauses drawn below a bound that doubles', async () => {
    const pauses: number[] = [];
    const retries: number[] = [];
    let calls = 0;
    const result = await retryTransient(
      async () => {
        if (++calls < 4) throw typeormError(calls === 2 ? '40001' : '40P01');
        return 'done';
      },
      { baseMs: 100, random: () => 0.999, sleep: async (ms) => void pauses.push(ms), onRetry: (_e, n) => retries.push(n) },
    );
    expect(result).toBe('done');
    expect(calls).toBe(4);
    expect(retries).toEqual([1, 2, 3]);
    expect(pauses).toEqual([99, 199, 399]);
  });

  it('gives up after the bounded number of tries with the last error, and never retries other errors', async () => {
    let calls = 0;
    await expect(
      retryTransient(
        async () => {
          calls++;
          throw typeormError('40P01');
        },
        { attempts: 3, sleep: async () => undefined },
      ),
    ).rejects.toMatchObject({ driverError: { code: '40P01' } });
    expect(calls).toBe(3);

    calls = 0;
    await expect(
      retryTransient(
        async () => {
          calls++;
          throw typeormError('23505');
        },
        { sleep: async () => undefined },
      ),
    ).rejects.toThrow(QueryFailedError);
    expect(calls).toBe(1);
  });
});
