import { Client } from 'pg';

/** The SQL statements sent through pg (by the service or the test) while `work` runs, in order. */
export async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const proto = Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const statements: string[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    statements.push((typeof first === 'string' ? first : first?.text) ?? '?');
    return original.apply(this, args);
  };
  try {
    return { result: await work(), statements };
  } finally {
    proto.query = original;
  }
}
