import type { EntityManager } from 'typeorm';

type Results<T extends readonly (() => Promise<unknown>)[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Independent reads: in parallel on the pool, or one after the other inside a transaction (`m`
 * given), whose one connection must not be sent a query while another runs (pg 9 refuses it).
 */
export async function reads<T extends readonly (() => Promise<unknown>)[]>(m: EntityManager | undefined, work: T): Promise<Results<T>> {
  if (!m?.queryRunner) return (await Promise.all(work.map((w) => w()))) as Results<T>;
  const out: unknown[] = [];
  for (const w of work) out.push(await w());
  return out as Results<T>;
}
