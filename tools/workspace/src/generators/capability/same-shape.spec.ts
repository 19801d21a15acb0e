import type { Tree } from '@nx/devkit';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { capabilityGenerator } from './generator';
import { ROOT, treeWithTheHouse } from './house-tree';

/*
 * The generator writes the shape the house writes today: a capability it generates is held, file
 * by file, to an existing capability of the same layers, `contacts` (a controller that reads
 * through its repository and writes through its use case, the use case over the unit of work,
 * a store, a repository, a codec, the domain's rules, the use case's spec and the route's e2e
 * suite). Names substituted, each pair must take every name both import from the same module
 * (the OpenAPI decorators from the API's own, the stores from persistence), decorate its classes
 * alike, and have its constructors take no kind of dependency the existing one does not
 * (repositories, the DataSource, use cases, tokens): a use case that wraps a read fails here.
 * What is a new capability's own, with no counterpart in contacts (its table's entity and
 * migrations, its body type, the codec's and the rule's specs), is checked by the generator's
 * other tests and its end-to-end test.
 */

/** The existing capability's files, and the generated capability's file of the same job. */
const COUNTERPARTS: ReadonlyArray<[existing: string, generated: string]> = [
  ['apps/api/src/contacts/contacts.controller.ts', 'apps/api/src/bin-audits/bin-audits.controller.ts'],
  ['apps/api/src/contacts/contacts.module.ts', 'apps/api/src/bin-audits/bin-audits.module.ts'],
  ['apps/api/test/contacts.e2e-spec.ts', 'apps/api/test/bin-audits.e2e-spec.ts'],
  ['libs/application/src/lib/contacts/update-contacts.ts', 'libs/application/src/lib/bin-audits/record-bin-audits.ts'],
  ['libs/application/src/lib/contacts/update-contacts.spec.ts', 'libs/application/src/lib/bin-audits/record-bin-audits.spec.ts'],
  ['libs/domain/src/lib/contacts.ts', 'libs/domain/src/lib/bin-audits.ts'],
  ['libs/persistence/src/lib/stores/contact.store.ts', 'libs/persistence/src/lib/stores/bin-audits.store.ts'],
  ['libs/persistence/src/lib/repositories/contact.repository.ts', 'libs/persistence/src/lib/repositories/bin-audits.repository.ts'],
  ['libs/codecs/src/lib/contact.codec.ts', 'libs/codecs/src/lib/bin-audits.codec.ts'],
];

/** Each capability's names, spelled as its files spell them, to one placeholder per spelling (longest first). */
const SPELLINGS: Record<'existing' | 'generated', Array<[RegExp, string]>> = {
  existing: [
    [/update-contacts/g, '<use-case>'],
    [/UpdateContacts/g, '<UseCase>'],
    [/contacts?/g, '<name>'],
    [/Contacts?/g, '<Name>'],
  ],
  generated: [
    [/record-bin-audits/g, '<use-case>'],
    [/RecordBinAudits/g, '<UseCase>'],
    [/bin-audits|binAudits/g, '<name>'],
    [/BinAudits/g, '<Name>'],
  ],
};

interface Shape {
  /** Each imported name (names substituted) and the module it comes from (names substituted). */
  imports: Map<string, string>;
  /** Each decorated class's decorators, in order (Nest's: what kind of thing it is). */
  classDecorators: string[][];
  /** The kinds of dependency the constructors of decorated classes take. */
  dependencies: Set<string>;
}

function shapeOf(file: string, text: string, spellings: Array<[RegExp, string]>): Shape {
  const named = (name: string) => spellings.reduce((spelled, [from, to]) => spelled.replace(from, to), name);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const shape: Shape = { imports: new Map(), classDecorators: [], dependencies: new Set() };
  const decoratorName = (decorator: ts.Decorator) => named((ts.isCallExpression(decorator.expression) ? decorator.expression.expression : decorator.expression).getText());
  const decorators = (node: ts.Node) => (ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []).map(decoratorName) : []);
  const kindOf = (parameter: ts.ParameterDeclaration): string => {
    if (decorators(parameter).includes('Inject')) return 'a token';
    const type = parameter.type?.getText() ?? '';
    if (type === 'DataSource') return 'the DataSource';
    if (type.endsWith('Repository')) return 'a repository';
    if (shape.imports.get(named(type)) === '@curbside/application') return 'a use case';
    return `another: ${named(type)}`;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const bindings = node.importClause?.namedBindings;
      if (bindings !== undefined && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) shape.imports.set(named(element.name.text), named(node.moduleSpecifier.text));
      }
    }
    if (ts.isClassDeclaration(node) && decorators(node).length > 0) shape.classDecorators.push(decorators(node));
    // What Nest injects: the constructors of decorated classes (an error's constructor takes values, not dependencies).
    if (ts.isConstructorDeclaration(node) && ts.isClassDeclaration(node.parent) && decorators(node.parent).length > 0) for (const parameter of node.parameters) shape.dependencies.add(kindOf(parameter));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return shape;
}

describe('a generated capability has the shape of an existing one (contacts)', () => {
  let tree: Tree;

  beforeAll(() => {
    tree = treeWithTheHouse();
    capabilityGenerator(tree, { name: 'bin-audits', timestamp: 1800000000000, skipClientTypes: true });
  });

  it.each(COUNTERPARTS)('%s and %s', (existingFile, generatedFile) => {
    const existing = shapeOf(existingFile, readFileSync(path.join(ROOT, existingFile), 'utf-8'), SPELLINGS.existing);
    const generatedText = tree.read(generatedFile, 'utf-8');
    expect(generatedText).not.toBeNull();
    const generated = shapeOf(generatedFile, generatedText ?? '', SPELLINGS.generated);

    const fromElsewhere = [...generated.imports]
      .filter(([name, module]) => existing.imports.has(name) && existing.imports.get(name) !== module)
      .map(([name, module]) => `${name} from ${module}, where ${existingFile} takes it from ${existing.imports.get(name)}`);
    expect(fromElsewhere).toEqual([]);
    expect(generated.classDecorators).toEqual(existing.classDecorators.slice(0, generated.classDecorators.length));
    expect([...generated.dependencies].filter((kind) => !existing.dependencies.has(kind))).toEqual([]);
  });
});
