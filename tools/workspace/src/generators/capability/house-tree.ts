import type { Tree } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

/** This checkout's root. */
export const ROOT = path.resolve(__dirname, '../../../../..');

/** The house's files the generator edits, as they are in this checkout: the generator must fit them as they are today. */
export const EDITED = [
  'libs/contract/src/lib/routes.ts',
  'libs/contract/src/index.ts',
  'libs/domain/src/index.ts',
  'libs/persistence/src/lib/entities/index.ts',
  'libs/persistence/src/lib/repositories/index.ts',
  'libs/persistence/src/index.ts',
  'libs/persistence/src/migrations/index.ts',
  'libs/codecs/src/index.ts',
  'libs/application/src/lib/application.module.ts',
  'libs/application/src/index.ts',
  'apps/api/src/app.module.ts',
  'apps/api/src/openapi/examples.ts',
  'apps/api/src/openapi/document.ts',
  'docs/architecture.md',
];

/** An empty workspace holding the house's files the generator edits, as they are in this checkout. */
export function treeWithTheHouse(): Tree {
  const tree = createTreeWithEmptyWorkspace();
  for (const file of EDITED) tree.write(file, readFileSync(path.join(ROOT, file), 'utf-8'));
  return tree;
}
