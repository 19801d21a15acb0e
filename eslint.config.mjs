import nx from '@nx/eslint-plugin';

const frameworkImports = ['@nestjs/*', 'typeorm', 'fastify', 'class-validator', 'class-transformer', 'pg', 'better-sqlite3'];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    ignores: ['**/dist', '**/node_modules', '**/coverage', 'tools/bench/results', 'tools/release/outside-app', '**/jest.config.js', 'jest.preset.js'],
  },
  {
    files: ['**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            // The wire contract stands alone: integrators import it with nothing else.
            { sourceTag: 'scope:contract', onlyDependOnLibsWithTags: [], bannedExternalImports: frameworkImports },
            // Layers: domain <- codecs, persistence (side by side) <- application (the use cases), auth, notifications (side by side) <- apps.
            { sourceTag: 'scope:domain', onlyDependOnLibsWithTags: [], bannedExternalImports: frameworkImports },
            { sourceTag: 'scope:codecs', onlyDependOnLibsWithTags: ['scope:domain', 'scope:contract'], bannedExternalImports: frameworkImports },
            { sourceTag: 'scope:persistence', onlyDependOnLibsWithTags: ['scope:domain', 'scope:testing'] },
            {
              sourceTag: 'scope:application',
              onlyDependOnLibsWithTags: ['scope:domain', 'scope:codecs', 'scope:persistence', 'scope:config', 'scope:contract', 'scope:testing'],
            },
            { sourceTag: 'scope:testing', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'scope:config', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'scope:auth', onlyDependOnLibsWithTags: ['scope:contract', 'scope:domain', 'scope:persistence', 'scope:testing'] },
            { sourceTag: 'scope:notifications', onlyDependOnLibsWithTags: ['scope:contract', 'scope:domain', 'scope:persistence', 'scope:codecs', 'scope:config', 'scope:testing'] },
            // The core every door stands on: configuration, logging, persistence.
            { sourceTag: 'scope:core', onlyDependOnLibsWithTags: ['scope:config', 'scope:persistence', 'scope:domain', 'scope:testing'] },
            { sourceTag: 'scope:client', onlyDependOnLibsWithTags: ['scope:contract'], bannedExternalImports: frameworkImports },
            { sourceTag: 'scope:demo', onlyDependOnLibsWithTags: [], bannedExternalImports: frameworkImports },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:data', 'type:util'] },
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:data', 'type:util'] },
            { sourceTag: 'type:data', onlyDependOnLibsWithTags: ['type:util'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
];
