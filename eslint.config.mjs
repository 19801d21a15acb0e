import nx from '@nx/eslint-plugin';

const frameworkImports = ['@nestjs/*', 'typeorm', 'fastify', 'class-validator', 'class-transformer', 'pg', 'better-sqlite3'];

/*
 * What each project may import (docs/architecture.md, "Projects and boundaries", restates this table).
 * Layers: domain <- codecs, persistence (side by side) <- application (the use cases), auth (side by side)
 * <- notifications (delivery: the notifier's loop around the application's delivery use cases, and the
 * channels and rendering that implement their ports) <- apps. Each door imports only the libs it wires.
 */
const imports = {
  // The wire contract stands alone: integrators import it with nothing else.
  'scope:contract': [],
  'scope:domain': [],
  'scope:codecs': ['scope:domain', 'scope:contract', 'scope:messages'],
  'scope:persistence': ['scope:domain'],
  'scope:application': ['scope:domain', 'scope:codecs', 'scope:persistence', 'scope:messages'],
  'scope:auth': ['scope:codecs', 'scope:contract', 'scope:domain', 'scope:persistence'],
  // Above the application: the notifier runs its delivery use cases (FanOutEvents, DeliverClaimed) and implements their ports.
  'scope:notifications': ['scope:application', 'scope:contract', 'scope:domain', 'scope:persistence', 'scope:config', 'scope:messages'],
  // The runtime every door stands on: configuration, logging, metrics, tracing, persistence.
  'scope:runtime': ['scope:config', 'scope:persistence'],
  'scope:client': ['scope:contract'],
  // The demo builds its schedule with the domain's rules.
  'scope:demo': ['scope:domain'],
  // The configuration checks that every offered language has a catalog (CONTRACT §11).
  'scope:config': ['scope:messages'],
  // What residents read, in their language: catalogs and their formatting, used by delivery, the doors' pages and the calendar codec.
  'scope:messages': [],
  'scope:testing': [],
  'scope:api': ['scope:application', 'scope:auth', 'scope:codecs', 'scope:config', 'scope:contract', 'scope:runtime', 'scope:demo', 'scope:domain', 'scope:messages', 'scope:notifications', 'scope:persistence'],
  'scope:admin-cli': ['scope:application', 'scope:auth', 'scope:codecs', 'scope:config', 'scope:runtime', 'scope:demo', 'scope:domain', 'scope:messages', 'scope:notifications', 'scope:persistence'],
  'scope:notifier': ['scope:application', 'scope:config', 'scope:runtime', 'scope:messages', 'scope:notifications', 'scope:persistence'],
  'scope:tools': ['scope:config'],
};
/** Projects whose code may not import a framework. */
const frameworkFree = new Set(['scope:contract', 'scope:domain', 'scope:codecs', 'scope:client', 'scope:demo', 'scope:messages']);
/** What a test may import besides its project's own imports: the test databases and SMTP sink, and, above the libs, any lib (the API's tests call it through the client). */
const aboveTheLibs = new Set(['scope:api', 'scope:admin-cli', 'scope:notifier', 'scope:tools']);
const testImports = (scope) => (aboveTheLibs.has(scope) ? Object.keys(imports) : ['scope:testing']);
const testFiles = ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts'];

const moduleBoundaries = (inTests) => [
  'error',
  {
    enforceBuildableLibDependency: false,
    allow: [],
    depConstraints: [
      ...Object.entries(imports).map(([sourceTag, allowed]) => ({
        sourceTag,
        onlyDependOnLibsWithTags: inTests ? [...new Set([...allowed, ...testImports(sourceTag)])] : allowed,
        ...(frameworkFree.has(sourceTag) ? { bannedExternalImports: frameworkImports } : {}),
      })),
      { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:data', 'type:util'] },
      // A feature imports another only where its scope's row says so (notifications: the application).
      { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:feature', 'type:data', 'type:util'] },
      { sourceTag: 'type:data', onlyDependOnLibsWithTags: ['type:util'] },
      { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
    ],
  },
];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    ignores: ['**/dist', '**/node_modules', '**/coverage', 'tools/bench/results', 'tools/release/outside-app', '**/jest.config.js', 'jest.preset.js'],
  },
  {
    files: ['**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': moduleBoundaries(false),
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    files: testFiles,
    rules: { '@nx/enforce-module-boundaries': moduleBoundaries(true) },
  },
];
