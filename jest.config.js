// Unit tests live beside the code (src/**/*.spec.ts); end-to-end tests under test/.
// Both run against a real PostgreSQL: DATABASE_URL when set, otherwise an embedded PGlite
// started once in globalSetup.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  transform: { '^.+\\.(t|j)s$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|commander)/)'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  testEnvironment: 'node',
};
module.exports = {
  // On PostgreSQL two files run at once (test/support/whole-database.ts keeps the few that act on
  // every company alone); the embedded database serves one connection, so one file at a time.
  maxWorkers: process.env.DATABASE_URL ? 2 : 1,
  // Each file builds the whole app in a fresh module registry, and a worker keeps some of every
  // earlier file's registry alive: its heap grows with each file it runs, and so does the time its
  // garbage collector takes, until the last files of a run spend more time in setup than in their
  // tests. A worker whose heap has passed this after a file is replaced by a fresh one.
  workerIdleMemoryLimit: '1GB',
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  // the whole-database files first; then, without an earlier run's timings, the files that start
  // processes of their own
  testSequencer: '<rootDir>/test/support/sequencer.js',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60000,
  projects: [
    { ...common, displayName: 'unit', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'e2e',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/support/query-audit.setup.ts'],
      // `*.postgres.e2e-spec.ts`: several instances on one database at once. The embedded
      // database serves one connection at a time, so they run only when DATABASE_URL is set
      // (as in CI); on the embedded database they are left out, not skipped.
      testPathIgnorePatterns: process.env.DATABASE_URL ? ['/node_modules/'] : ['/node_modules/', '\\.postgres\\.e2e-spec\\.ts$'],
    },
  ],
};
