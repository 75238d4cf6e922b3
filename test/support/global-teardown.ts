export default async function globalTeardown(): Promise<void> {
  const db = (globalThis as { __TALLY_EMBEDDED__?: { stop(): Promise<void> } }).__TALLY_EMBEDDED__;
  if (db) await db.stop();
}
