import type { Tree } from '@nx/devkit';
import { capabilityGenerator } from './generator';
import { EDITED, treeWithTheHouse } from './house-tree';


const WRITTEN = [
  'libs/domain/src/lib/bin-audits.ts',
  'libs/domain/src/lib/bin-audits.spec.ts',
  'libs/contract/src/lib/bin-audits.bodies.ts',
  'libs/application/src/lib/bin-audits/record-bin-audits.ts',
  'libs/application/src/lib/bin-audits/record-bin-audits.spec.ts',
  'libs/persistence/src/lib/entities/bin-audits.entities.ts',
  'libs/persistence/src/lib/stores/bin-audits.store.ts',
  'libs/persistence/src/lib/repositories/bin-audits.repository.ts',
  'libs/persistence/src/migrations/1800000000000-bin-audits.ts',
  'libs/codecs/src/lib/bin-audits.codec.ts',
  'libs/codecs/src/lib/bin-audits.codec.spec.ts',
  'apps/api/src/bin-audits/bin-audits.module.ts',
  'apps/api/src/bin-audits/bin-audits.controller.ts',
  'apps/api/test/bin-audits.e2e-spec.ts',
];

describe('the capability generator (@curbside/workspace:capability)', () => {
  let tree: Tree;
  const text = (file: string): string => tree.read(file, 'utf-8') ?? '';

  beforeEach(() => {
    tree = treeWithTheHouse();
  });

  const generate = (name = 'bin-audits') => capabilityGenerator(tree, { name, timestamp: 1800000000000, skipClientTypes: true });

  it('writes every file of a capability, named after it, with no template left in them', () => {
    generate();
    for (const file of WRITTEN) {
      expect(tree.exists(file)).toBe(true);
      expect(text(file)).not.toMatch(/<%|%>|__fileName__/);
    }
    expect(text('libs/domain/src/lib/bin-audits.ts')).toContain('export interface BinAuditsEntry');
    expect(text('libs/codecs/src/lib/bin-audits.codec.ts')).toContain('bin_audits: page.items.map');
    expect(text('libs/persistence/src/migrations/1800000000000-bin-audits.ts')).toContain('export class BinAudits1800000000000');
    expect(text('apps/api/src/bin-audits/bin-audits.controller.ts')).toContain('@CustomerResource()');
  });

  it('lists it where the house lists each capability', () => {
    generate();
    const routes = text('libs/contract/src/lib/routes.ts');
    expect(routes).toContain("import type { BinAuditsListBody } from './bin-audits.bodies';");
    expect(routes).toContain("  listBinAudits: { method: 'GET', path: `${CUSTOMER}/bin-audits`, query: LIST },\n});");
    expect(routes).toContain('  listBinAudits: BinAuditsListBody;\n}');
    const migrations = text('libs/persistence/src/migrations/index.ts');
    expect(migrations).toContain("import { BinAudits1800000000000 } from './1800000000000-bin-audits';");
    expect(migrations).toMatch(/MIGRATIONS = \[.*, BinAudits1800000000000\];/);
    expect(text('libs/persistence/src/lib/repositories/index.ts')).toMatch(/REPOSITORIES = \[[^\]]*BinAuditsRepository,\n\];/);
    expect(text('libs/application/src/lib/application.module.ts')).toMatch(/USE_CASES = \[[^\]]*\bRecordBinAudits,?\s*\];/);
    expect(text('apps/api/src/app.module.ts')).toMatch(/BinAuditsModule,\n\s+\.\.\.extraImports,/);
    expect(text('apps/api/src/openapi/examples.ts')).toMatch(/import \{[^}]*binAuditsCodec[^}]*\} from '@curbside\/codecs';/);
    expect(text('apps/api/src/openapi/examples.ts')).toContain('  binAuditsList: (): WireObject => binAuditsCodec.list(TRACKING_ID');
    expect(text('apps/api/src/openapi/document.ts')).toContain("  ['bin audits', 'Bin audits (a list per customer)'],\n];");
    expect(text('docs/architecture.md')).toContain('| bin audits (a list per customer');
    expect(text('libs/domain/src/index.ts').endsWith("export * from './lib/bin-audits';\n")).toBe(true);
  });

  it('changes nothing else in the files it edits', () => {
    const before = Object.fromEntries(EDITED.map((file) => [file, text(file)]));
    generate();
    for (const file of EDITED) {
      const removed = before[file].split('\n').filter((line) => !text(file).split('\n').includes(line));
      // A line it extends (an import, a one-line list) is the only kind that is not kept whole.
      expect(removed.every((line) => /^import|MIGRATIONS = \[|USE_CASES = \[/.test(line))).toBe(true);
    }
  });

  it('refuses a name that is not kebab-case, and a capability that exists', () => {
    expect(() => generate('BinAudits')).toThrow('not a capability name');
    generate();
    expect(() => generate()).toThrow('exists already');
    expect(() => generate('cases')).toThrow('route table');
  });

  it('says which file no longer fits when the house has moved', () => {
    tree.write('apps/api/src/app.module.ts', 'export const nothing = [];\n');
    expect(() => generate()).toThrow('apps/api/src/app.module.ts');
  });
});
