/**
 * The V8 flags the server runs with: `npm start`, `npm run start:prod` and the image's CMD pass
 * them to `node` (node-flags.spec.ts checks those three), and the benchmarks start their servers
 * and billing-run workers with them.
 *
 * `--max-semi-space-size=64` (MB; V8's default on 64-bit is 16): a billing run keeps three batches'
 * rows and objects alive across their statements, so with the default young generation they
 * survive scavenges and are copied, then promoted. With 64 MB, the 10,000-subscription billing
 * run spent 0.3-1.0 s less CPU in its instance (about a tenth) in four of five alternated pairs
 * (docs/performance.md, ninth sitting); the reads and ingest did not move beyond noise. The cost is memory: the server's
 * peak resident size under the ingest benchmark went from 277 MB to 330-335 MB.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];
