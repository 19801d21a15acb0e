import { generateFiles, names, type GeneratorCallback, type Tree } from '@nx/devkit';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import type { CapabilitySchema } from './schema';
import { addImport, appendLine, appendMember, appendTableRow, appendToArray, insertBeforeElement } from './source-edits';

/** What the templates are filled with: the capability's name in every spelling the house uses. */
export interface CapabilityNames {
  /** kebab-case: folders, files, the route's last segment (`bin-audits`). */
  fileName: string;
  /** PascalCase: classes and types (`BinAudits`). */
  className: string;
  /** camelCase: values (`binAudits`). */
  propertyName: string;
  /** UPPER_SNAKE_CASE: constants (`BIN_AUDITS`). */
  constantName: string;
  /** snake_case: the table and the list's wire member (`bin_audits`). */
  snakeName: string;
  /** Words, for prose and the OpenAPI tag (`bin audits`). */
  title: string;
  /** The same, capitalized (`Bin audits`). */
  heading: string;
  /** The migrations' timestamp and class suffix (milliseconds, after every migration so far). */
  timestamp: number;
}

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export function capabilityNames(name: string, timestamp: number): CapabilityNames {
  if (!NAME.test(name)) throw new Error(`"${name}" is not a capability name: kebab-case, starting with a letter (e.g. bin-audits)`);
  const spelled = names(name);
  return {
    fileName: spelled.fileName,
    className: spelled.className,
    propertyName: spelled.propertyName,
    constantName: spelled.constantName,
    snakeName: spelled.constantName.toLowerCase(),
    title: name.replace(/-/g, ' '),
    heading: name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, ' '),
    timestamp,
  };
}

const MIGRATIONS = 'libs/persistence/src/migrations/index.ts';

/** After the newest migration listed, and not before now. */
function migrationTimestamp(tree: Tree): number {
  const listed = [...(tree.read(MIGRATIONS, 'utf-8') ?? '').matchAll(/(\d{13})\b/g)].map((m) => Number(m[1]));
  return Math.max(Date.now(), ...listed.map((t) => t + 1));
}

function refuseExisting(tree: Tree, n: CapabilityNames): void {
  const taken = [`apps/api/src/${n.fileName}`, `libs/domain/src/lib/${n.fileName}.ts`, `libs/application/src/lib/${n.fileName}`].filter((p) => tree.exists(p));
  if (taken.length > 0) throw new Error(`The capability "${n.fileName}" exists already (${taken.join(', ')})`);
  const routes = tree.read('libs/contract/src/lib/routes.ts', 'utf-8') ?? '';
  if (routes.includes(`list${n.className}:`) || routes.includes(`/${n.fileName}\``)) {
    throw new Error(`The route table has list${n.className} or a path ending /${n.fileName} already`);
  }
}

/** Lists the new capability where the house lists each one: routes, bodies, indexes, modules, migrations, docs. */
function wire(tree: Tree, n: CapabilityNames): void {
  const { fileName, className, propertyName, title } = n;
  const routes = 'libs/contract/src/lib/routes.ts';
  addImport(tree, routes, `./${fileName}.bodies`, `${className}ListBody`, true);
  appendMember(tree, routes, 'ROUTES', `list${className}: { method: 'GET', path: \`\${CUSTOMER}/${fileName}\`, query: LIST },`);
  appendMember(tree, routes, 'ResponseBodies', `list${className}: ${className}ListBody;`);
  appendLine(tree, 'libs/contract/src/index.ts', `export type * from './lib/${fileName}.bodies';`);

  appendLine(tree, 'libs/domain/src/index.ts', `export * from './lib/${fileName}';`);

  appendLine(tree, 'libs/persistence/src/lib/entities/index.ts', `export * from './${fileName}.entities';`);
  const repositories = 'libs/persistence/src/lib/repositories/index.ts';
  addImport(tree, repositories, `./${fileName}.repository`, `${className}Repository`);
  appendLine(tree, repositories, `export { ${className}Repository } from './${fileName}.repository';`);
  appendToArray(tree, repositories, 'REPOSITORIES', `${className}Repository`);
  appendLine(tree, 'libs/persistence/src/index.ts', `export { ${className}Repository } from './lib/repositories';`);
  appendLine(tree, 'libs/persistence/src/index.ts', `export { ${propertyName}Store } from './lib/stores/${fileName}.store';`);
  const migration = `${className}${n.timestamp}`;
  addImport(tree, MIGRATIONS, `./${n.timestamp}-${fileName}`, migration);
  appendToArray(tree, MIGRATIONS, 'MIGRATIONS', migration);

  appendLine(tree, 'libs/codecs/src/index.ts', `export { ${propertyName}Codec } from './lib/${fileName}.codec';`);

  const applicationModule = 'libs/application/src/lib/application.module.ts';
  addImport(tree, applicationModule, `./${fileName}/record-${fileName}`, `Record${className}`);
  appendToArray(tree, applicationModule, 'USE_CASES', `Record${className}`);
  appendLine(tree, 'libs/application/src/index.ts', `export { Record${className} } from './lib/${fileName}/record-${fileName}';`);

  const appModule = 'apps/api/src/app.module.ts';
  addImport(tree, appModule, `./${fileName}/${fileName}.module`, `${className}Module`);
  insertBeforeElement(tree, appModule, '...extraImports', `${className}Module`);
  appendToArray(tree, 'apps/api/src/openapi/document.ts', 'TAGS', `['${title}', '${n.heading} (a list per customer)']`);
  const examples = 'apps/api/src/openapi/examples.ts';
  addImport(tree, examples, '@curbside/codecs', `${propertyName}Codec`);
  appendMember(
    tree,
    examples,
    'examples',
    `${propertyName}List: (): WireObject => ${propertyName}Codec.list(TRACKING_ID, { items: [{ id: '1', recordedAt: '${'2026-06-15T09:30:00.000'}', note: 'Recorded by the ${title} example' }], totalCount: 1 }),`,
  );

  appendTableRow(
    tree,
    'docs/architecture.md',
    '### Where things are: capability → folder',
    `| ${title} (a list per customer, from \`nx g @curbside/workspace:capability\`) | api \`${fileName}/\` | \`${fileName}/\` \`Record${className}\` | \`${fileName}.ts\` |`,
  );
}

/**
 * `nx g @curbside/workspace:capability <name>`: one customer-scoped list, `GET
 * /api/v1/customers/{customerId}/<name>`, written the way the house writes a capability, through
 * every layer, on both drivers, listed everywhere the house lists one (docs/extending.md says
 * what each file is for).
 */
export function capabilityGenerator(tree: Tree, options: CapabilitySchema): GeneratorCallback {
  const n = capabilityNames(options.name, options.timestamp ?? migrationTimestamp(tree));
  refuseExisting(tree, n);
  generateFiles(tree, path.join(__dirname, 'files'), '.', { ...n, template: '' });
  wire(tree, n);
  // No formatFiles: the workspace has no Prettier config, and Prettier's defaults would rewrite the edited files whole.
  return () => {
    if (options.skipClientTypes !== true) writeClientTypes(tree.root);
    console.log(
      [
        '',
        `The capability ${n.fileName} is written. Next:`,
        ...(options.skipClientTypes === true ? ["  npx nx run @curbside/client:generate   the client's types for the new route (the client checks them)"] : []),
        `  npx jest -c apps/api/jest.config.js apps/api/test/${n.fileName}.e2e-spec.ts   (and the other generated tests)`,
        '  docs/extending.md: what each file is for',
      ].join('\n'),
    );
  };
}

/**
 * The client's types are read off the API's OpenAPI document (libs/client/src/generated), and the
 * client's typecheck holds them to the contract's bodies: the new route needs them regenerated.
 * The API is built first (not the client, whose check fails until then), as `@curbside/client:generate` does.
 */
function writeClientTypes(root: string): void {
  const run = (script: string, ...args: string[]) => execFileSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' });
  console.log("Writing the client's types for the new route (builds the API, reads its OpenAPI document)");
  run(require.resolve('typescript/bin/tsc', { paths: [root] }), '-b', 'apps/api/tsconfig.app.json');
  run('tools/openapi/export.js', 'dist/openapi.json');
  run('tools/openapi/client-types.js', 'dist/openapi.json');
}

export default capabilityGenerator;
