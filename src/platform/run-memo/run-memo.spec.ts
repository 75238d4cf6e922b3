import { RunMemo } from './run-memo';

describe('RunMemo', () => {
  const counter = () => {
    const calls: string[][] = [];
    const compute = async (missing: string[]) => {
      calls.push(missing);
      return new Map(missing.filter((k) => k !== 'none').map((k) => [k, k.length]));
    };
    return { calls, compute };
  };

  it('without a scope computes every time', async () => {
    const { calls, compute } = counter();
    expect(await RunMemo.many('ns', ['ab', 'none'], 0, compute)).toEqual(
      new Map([
        ['ab', 2],
        ['none', 0],
      ]),
    );
    await RunMemo.many('ns', ['ab'], 0, compute);
    expect(calls).toEqual([['ab', 'none'], ['ab']]);
  });

  it('within a scope computes only the keys not seen, once even when asked at the same time', async () => {
    const { calls, compute } = counter();
    const out = await RunMemo.scope(async () => {
      const [x, y] = await Promise.all([RunMemo.many('ns', ['a', 'abc'], 0, compute), RunMemo.many('ns', ['abc'], 0, compute)]);
      const z = await RunMemo.many('ns', ['abc', 'abcd', 'none', 'none'], 0, compute);
      const other = await RunMemo.many('other', ['a'], 0, compute);
      return [x, y, z, other];
    });
    expect(out).toEqual([
      new Map([
        ['a', 1],
        ['abc', 3],
      ]),
      new Map([['abc', 3]]),
      new Map([
        ['abc', 3],
        ['abcd', 4],
        ['none', 0],
      ]),
      new Map([['a', 1]]),
    ]);
    expect(calls).toEqual([['a', 'abc'], ['abcd', 'none'], ['a']]);
  });

  it('scopes do not share, and a failed computation is forgotten', async () => {
    const { calls, compute } = counter();
    await RunMemo.scope(() => RunMemo.many('ns', ['a'], 0, compute));
    let fail = true;
    await RunMemo.scope(async () => {
      const flaky = async (missing: string[]) => {
        if (fail) throw new Error('database gone');
        return compute(missing);
      };
      await expect(RunMemo.many('ns', ['a'], 0, flaky)).rejects.toThrow('database gone');
      fail = false;
      expect(await RunMemo.many('ns', ['a'], 0, flaky)).toEqual(new Map([['a', 1]]));
    });
    expect(calls).toEqual([['a'], ['a']]);
  });

  it('ends with its work: what the work started and still runs afterwards computes afresh', async () => {
    const { calls, compute } = counter();
    const { later } = await RunMemo.scope(async () => {
      await RunMemo.many('ns', ['a'], 0, compute);
      await RunMemo.many('ns', ['a'], 0, compute);
      // a timer set inside the scope keeps its async context, but fires once the scope has ended
      return { later: new Promise((resolve) => setTimeout(() => resolve(RunMemo.many('ns', ['a'], 0, compute)), 20)) };
    });
    await later;
    expect(calls).toEqual([['a'], ['a']]);
  });

  it('a scope ending does not end another one still under way (the storage is let go only after the last)', async () => {
    const { calls, compute } = counter();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const long = RunMemo.scope(async () => {
      await RunMemo.many('ns', ['a'], 0, compute);
      await gate; // the short scope starts and ends meanwhile
      await RunMemo.many('ns', ['a'], 0, compute);
      return RunMemo.many('ns', ['a'], 0, compute);
    });
    await RunMemo.scope(() => RunMemo.many('ns', ['b'], 0, compute));
    release();
    expect(await long).toEqual(new Map([['a', 1]]));
    expect(calls).toEqual([['a'], ['b']]);
    // and after both, a new scope memoizes again
    await RunMemo.scope(async () => {
      await RunMemo.many('ns', ['c'], 0, compute);
      await RunMemo.many('ns', ['c'], 0, compute);
    });
    expect(calls).toEqual([['a'], ['b'], ['c']]);
  });
});
