/**
 * The V8 flags the server runs with: `npm start`, `npm run start:prod` and the image's CMD pass
 * them to `node` (node-flags.spec.ts checks those three), and the benchmarks start their servers
 * and billing-run workers with them.
 *
 * `--max-semi-space-size=64` (MB; V8's default on 64-bit is 16): a billing run keeps three batches'
 * rows and objects alive across their statements, so with the default young generation they
 * survive scavenges and are copied, then promoted. With 64 MB they die young, so a billing run
 * spends less CPU copying them; reads and ingest are not affected. The cost is memory: a larger
 * young generation raises the server's peak resident size by a few tens of MB.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];
