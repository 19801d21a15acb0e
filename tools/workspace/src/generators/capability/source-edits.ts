import type { Tree } from '@nx/devkit';
import * as ts from 'typescript';

/*
 * The few edits a generator makes to the house's hand-written files: add an import, add an
 * element to a listed array or object, add a line at the end. Each finds its place in the file's
 * syntax tree, not by text, so that a reformatted file is edited the same; a place that is gone
 * fails with the file's name, so that a generator that no longer fits the house says so.
 */

const parse = (path: string, text: string): ts.SourceFile => ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);

function read(tree: Tree, path: string): string {
  const text = tree.read(path, 'utf-8');
  if (text === null) throw new Error(`${path} is missing: the capability generator edits it`);
  return text;
}

const insertAt = (text: string, at: number, inserted: string): string => text.slice(0, at) + inserted + text.slice(at);

/** The initializer of `const <name> = …`, through `as`/`satisfies`/a call's first argument. */
function initializerOf(source: ts.SourceFile, name: string): ts.Expression | undefined {
  let found: ts.Expression | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name) found = node.initializer;
    else if (found === undefined) ts.forEachChild(node, visit);
  };
  visit(source);
  let expression = found;
  while (expression !== undefined && (ts.isSatisfiesExpression(expression) || ts.isAsExpression(expression) || ts.isCallExpression(expression))) {
    expression = ts.isCallExpression(expression) ? expression.arguments[0] : expression.expression;
  }
  return expression;
}

/** Adds `name` to the import from `module` (a new import after the last one when there is none). */
export function addImport(tree: Tree, path: string, module: string, name: string, typeOnly = false): void {
  const text = read(tree, path);
  const source = parse(path, text);
  const imports = source.statements.filter(ts.isImportDeclaration);
  const existing = imports.find(
    (declaration) =>
      ts.isStringLiteral(declaration.moduleSpecifier) &&
      declaration.moduleSpecifier.text === module &&
      declaration.importClause?.isTypeOnly === typeOnly &&
      declaration.importClause.namedBindings !== undefined &&
      ts.isNamedImports(declaration.importClause.namedBindings),
  );
  if (existing !== undefined) {
    const named = existing.importClause?.namedBindings as ts.NamedImports;
    if (named.elements.some((element) => element.name.text === name)) return;
    tree.write(path, insertAt(text, named.elements.end, `${named.elements.hasTrailingComma ? ' ' : ', '}${name}`));
    return;
  }
  const line = `import ${typeOnly ? 'type ' : ''}{ ${name} } from '${module}';\n`;
  const last = imports[imports.length - 1];
  tree.write(path, last === undefined ? line + text : insertAt(text, last.end + 1, line));
}

/** Adds `element` at the end of the array literal `const <name> = [...]`. */
export function appendToArray(tree: Tree, path: string, name: string, element: string): void {
  const text = read(tree, path);
  const array = initializerOf(parse(path, text), name);
  if (array === undefined || !ts.isArrayLiteralExpression(array)) throw new Error(`${path}: no array literal \`${name}\` to add ${element} to`);
  const { elements } = array;
  const last = elements[elements.length - 1];
  if (last === undefined) throw new Error(`${path}: \`${name}\` is empty: nothing to line ${element} up with`);
  const multiline = text.slice(array.getStart(), array.end).includes('\n');
  if (!multiline) {
    tree.write(path, insertAt(text, last.end, `, ${element}`));
    return;
  }
  const after = elements.hasTrailingComma ? text.indexOf(',', last.end) + 1 : last.end;
  const comma = elements.hasTrailingComma ? '' : ',';
  tree.write(path, insertAt(text, after, `${comma}\n${indentOf(text, last)}${element}${elements.hasTrailingComma ? ',' : ''}`));
}

/** Adds the member `line` (e.g. `name: value,`) at the end of the object literal `const <name> = {...}` or of `interface <name>`. */
export function appendMember(tree: Tree, path: string, name: string, line: string): void {
  const text = read(tree, path);
  const source = parse(path, text);
  const literal = initializerOf(source, name);
  const members: ts.NodeArray<ts.Node> | undefined =
    literal !== undefined && ts.isObjectLiteralExpression(literal)
      ? literal.properties
      : source.statements.find((statement): statement is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(statement) && statement.name.text === name)?.members;
  if (members === undefined || members.length === 0) throw new Error(`${path}: no object or interface \`${name}\` with members to add to`);
  const last = members[members.length - 1];
  const isObject = literal !== undefined && ts.isObjectLiteralExpression(literal);
  const after = isObject && members.hasTrailingComma ? text.indexOf(',', last.end) + 1 : last.end;
  tree.write(path, insertAt(text, after, `${isObject && !members.hasTrailingComma ? ',' : ''}\n${indentOf(text, last)}${line}`));
}

/** Inserts `element` into an array literal just before the element whose text is `before` (e.g. `...extraImports`). */
export function insertBeforeElement(tree: Tree, path: string, before: string, element: string): void {
  const text = read(tree, path);
  let target: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (target === undefined && ts.isArrayLiteralExpression(node)) target = node.elements.find((e) => e.getText() === before);
    if (target === undefined) ts.forEachChild(node, visit);
  };
  visit(parse(path, text));
  if (target === undefined) throw new Error(`${path}: no array element \`${before}\` to add ${element} before`);
  tree.write(path, insertAt(text, target.getStart(), `${element},\n${indentOf(text, target)}`));
}

/** Adds `line` at the end of the file (an index's `export …`), once. */
export function appendLine(tree: Tree, path: string, line: string): void {
  const text = read(tree, path);
  if (text.split('\n').includes(line)) return;
  tree.write(path, `${text}${text.endsWith('\n') || text === '' ? '' : '\n'}${line}\n`);
}

/** Adds `row` after the last row of the Markdown table that follows the heading `heading`. */
export function appendTableRow(tree: Tree, path: string, heading: string, row: string): void {
  const lines = read(tree, path).split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0) throw new Error(`${path}: no heading "${heading}" with a table to add a row to`);
  const first = lines.findIndex((line, index) => index > start && line.startsWith('|'));
  if (first < 0) throw new Error(`${path}: no table under "${heading}"`);
  let last = first;
  while (lines[last + 1]?.startsWith('|')) last += 1;
  lines.splice(last + 1, 0, row);
  tree.write(path, lines.join('\n'));
}

function indentOf(text: string, node: ts.Node): string {
  const start = node.getStart();
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  return /^\s*/.exec(text.slice(lineStart, start))?.[0] ?? '';
}
