import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from '@swc/core';
import { DataSource } from 'typeorm';
import { TYPEORM_DRIVERS, CLASSES_ONLY_LOADER, LazyDriverFactory, installTypeormModules } from './typeorm-modules';

const TYPEORM_FACTORY = require.resolve('typeorm/driver/DriverFactory');
const TYPEORM_LOADER = require.resolve('typeorm/util/DirectoryExportedClassesLoader');

/** TypeORM's own factory, read as text: which driver each type makes, and the types its error lists. */
function typeormFactory() {
  const text = readFileSync(TYPEORM_FACTORY, 'utf8');
  const modules = new Map([...text.matchAll(/const (\w+) = require\("\.\/([^"]+)"\);/g)].map(([, name, module]) => [name, module]));
  const cases = [...text.matchAll(/case "([^"]+)":\s*return new (\w+)\.(\w+)\(connection\)(\.create\(\))?;/g)].map(([, type, binding, name, create]) => ({
    type,
    entry: [modules.get(binding), name],
    create: create !== undefined,
  }));
  const listed = /MissingDriverError\(type, \[([^\]]*)\]\)/.exec(text)?.[1].match(/"[^"]+"/g)?.map((quoted) => JSON.parse(quoted));
  return { text, cases, listed, requires: [...text.matchAll(/require\("([^"]+)"\)/g)].map(([, module]) => module) };
}

function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('nothing thrown');
}

describe("TypeORM's modules replaced", () => {
  it("LazyDriverFactory is TypeORM's DriverFactory: the same driver for each type, the same types in its error (an upgrade that changes TypeORM's module fails here)", () => {
    const typeorm = typeormFactory();
    expect(Object.fromEntries(typeorm.cases.map(({ type, entry }) => [type, entry]))).toEqual(TYPEORM_DRIVERS);
    expect(typeorm.cases.filter(({ create }) => create).map(({ type }) => type)).toEqual(['expo']);
    expect(typeorm.listed).toEqual(Object.keys(TYPEORM_DRIVERS));
    // Nothing else: the driver modules, the error, and no other code in `create` than the switch.
    expect(new Set(typeorm.requires)).toEqual(new Set(['../error/MissingDriverError', ...Object.values(TYPEORM_DRIVERS).map(([module]) => `./${module}`)]));
    expect((typeorm.text.match(/return /g) ?? []).length).toBe(typeorm.cases.length);
    for (const [module, name] of Object.values(TYPEORM_DRIVERS)) {
      expect(typeof require(`typeorm/driver/${module}`)[name]).toBe('function');
    }
  });

  it("CLASSES_ONLY_LOADER: TypeORM's loader's exports; no paths, nothing loaded, as TypeORM's own answers; paths, an error; only TypeORM's metadata builder uses it", async () => {
    const theirs = jest.requireActual<Record<string, (...args: unknown[]) => unknown>>(TYPEORM_LOADER);
    expect(Object.keys(CLASSES_ONLY_LOADER).sort()).toEqual(Object.keys(theirs).sort());
    const logger = { log: jest.fn() };
    expect(await theirs.importClassesFromDirectories(logger, [])).toEqual(await CLASSES_ONLY_LOADER.importClassesFromDirectories(logger, []));
    expect(theirs.importJsonsFromDirectories([])).toEqual(CLASSES_ONLY_LOADER.importJsonsFromDirectories([]));
    expect(logger.log).not.toHaveBeenCalled();
    await expect(CLASSES_ONLY_LOADER.importClassesFromDirectories(logger, ['dist/**/*.entity.js'])).rejects.toThrow(
      'TypeORM was given paths (dist/**/*.entity.js): @curbside/persistence gives it classes only',
    );
    const typeormRoot = path.dirname(path.dirname(TYPEORM_FACTORY));
    const users = spawnSync('grep', ['-rl', '--include=*.js', '--exclude-dir=browser', 'DirectoryExportedClassesLoader")', typeormRoot], { encoding: 'utf8' });
    expect(users.stdout.trim().split('\n').map((file) => path.relative(typeormRoot, file))).toEqual(['connection/ConnectionMetadataBuilder.js']);
  });

  it("LazyDriverFactory throws TypeORM's error for a type it does not know", () => {
    const connection = { options: { type: 'nosuch' } } as unknown as DataSource;
    const { DriverFactory } = jest.requireActual<{ DriverFactory: new () => LazyDriverFactory }>(TYPEORM_FACTORY);
    const theirs = thrownBy(() => new DriverFactory().create(connection));
    expect(theirs).toBeInstanceOf(Error);
    expect(thrownBy(() => new LazyDriverFactory().create(connection))).toEqual(theirs);
  });

  it("goes into the module cache only where TypeORM's module is not there yet", () => {
    const cache: NodeJS.Require['cache'] = {};
    expect(installTypeormModules(cache)).toEqual(['typeorm/driver/DriverFactory', 'typeorm/util/DirectoryExportedClassesLoader']);
    expect(cache[TYPEORM_FACTORY]?.exports).toEqual({ DriverFactory: LazyDriverFactory });
    expect(cache[TYPEORM_LOADER]?.exports).toBe(CLASSES_ONLY_LOADER);
    const loaded = { [TYPEORM_FACTORY]: cache[TYPEORM_FACTORY] } as NodeJS.Require['cache'];
    const before = loaded[TYPEORM_FACTORY];
    expect(installTypeormModules(loaded)).toEqual(['typeorm/util/DirectoryExportedClassesLoader']);
    expect(loaded[TYPEORM_FACTORY]).toBe(before);
  });

  it('in a Node process, installed before `typeorm` loads: DataSources of both drivers work, and neither another driver nor glob is loaded', () => {
    // Jest's modules are not Node's: the module, compiled as the build does, runs in a process of its own.
    const file = path.join(__dirname, 'typeorm-modules.ts');
    const compiled = transformSync(readFileSync(file, 'utf8'), {
      filename: file,
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    }).code;
    const child = `
      const Module = require('node:module');
      const path = require('node:path');
      const file = process.env.FACTORY_FILE;
      const factory = new Module(file);
      factory.filename = file;
      factory.paths = Module._nodeModulePaths(path.dirname(file));
      factory._compile(process.env.FACTORY_JS, file);
      const load = Module.createRequire(file);
      const { DataSource } = load('typeorm');
      const { TYPEORM_DRIVERS } = factory.exports;
      (async () => {
        const sqlite = new DataSource({ type: 'better-sqlite3', database: ':memory:' });
        await sqlite.initialize();
        await sqlite.runMigrations();
        const [row] = await sqlite.query('SELECT 1 + 1 AS two');
        await sqlite.destroy();
        const postgres = new DataSource({ type: 'postgres', url: 'postgres://nobody@127.0.0.1:9/none' });
        const drivers = Object.values(TYPEORM_DRIVERS).map(([module]) => module);
        const loaded = drivers.filter((module) => require.cache[load.resolve('typeorm/driver/' + module)] !== undefined);
        const glob = Object.keys(require.cache).some((file) => file.includes('/node_modules/glob/'));
        process.stdout.write(JSON.stringify({ two: row.two, sqlite: sqlite.driver.constructor.name, postgres: postgres.driver.constructor.name, loaded, glob }));
      })();
    `;
    const run = spawnSync(process.execPath, ['-e', child], { env: { ...process.env, FACTORY_FILE: file, FACTORY_JS: compiled }, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      two: 2,
      sqlite: 'BetterSqlite3Driver',
      postgres: 'PostgresDriver',
      loaded: ['better-sqlite3/BetterSqlite3Driver', 'postgres/PostgresDriver'],
      glob: false,
    });
  });
});
