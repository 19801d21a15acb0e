// Shared Jest settings: SWC transpiles (with decorator metadata, which Nest and TypeORM read);
// `npm test` type-checks separately, so tests do not pay for it twice.
const path = require('node:path');

module.exports = function preset(projectDir, overrides = {}) {
  return {
    rootDir: projectDir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
    transform: {
      '^.+\\.[tj]s$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', decorators: true },
            transform: { legacyDecorator: true, decoratorMetadata: true },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // jose (used by @curbside/auth) and formatjs's packages (used by @curbside/messages) ship ES modules only; Jest's CommonJS runtime needs them compiled.
    transformIgnorePatterns: ['/node_modules/(?!(jose|intl-messageformat|@formatjs)/)'],
    moduleNameMapper: {
      '^@curbside/([a-z-]+)$': path.join(__dirname, 'libs/$1/src/index.ts'),
      // A lib's test entry (`@curbside/persistence/testing`): helpers for the suites of the libs above it.
      '^@curbside/([a-z-]+)/testing$': path.join(__dirname, 'libs/$1/test/index.ts'),
      // Another published entry point (`@curbside/auth/resource-server`): its source, as the `development` condition says.
      '^@curbside/([a-z-]+)/([a-z-]+)$': path.join(__dirname, 'libs/$1/src/$2.ts'),
    },
    moduleFileExtensions: ['ts', 'js', 'json'],
    // Jest's transform cache in the workspace, not the temp directory: a test run leaves the temp directory as it
    // found it (tools/ci/test-on-node.sh checks).
    cacheDirectory: path.join(__dirname, 'node_modules/.cache/jest'),
    // Suites start real servers and databases; a loaded 2-core CI machine needs headroom.
    testTimeout: 60000,
    // Jest's default on a 2-core machine is one worker, so a project's suites ran one after another while
    // most of their time is spent in spawned CLIs, servers and databases: two workers keep both cores busy.
    maxWorkers: 2,
    // Without timings of an earlier run, the files marked `@slow` first (see the file).
    testSequencer: path.join(__dirname, 'jest.sequencer.js'),
    // Each worker migrates a template database once and copies it for every suite's database
    // (`createMigrated` in libs/testing); the run's templates are removed at its end.
    globalSetup: path.join(__dirname, 'libs/testing/src/global-setup.ts'),
    globalTeardown: path.join(__dirname, 'libs/testing/src/global-teardown.ts'),
    ...overrides,
  };
};
