import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * Every repository path a doc or a source comment names exists, so a reader who follows one finds
 * it. A named path is a file path from the repository's root: its first folder one the repository
 * tracks (apps/, libs/, tools/, docs/, …), then more segments, ending in an extension — in Markdown
 * inside backticks, in source inside a comment line. Paths made at run time are not in a clone:
 * what git ignores (dist/, results, scratch files); and a few names are not files (below).
 */
const ROOT = join(__dirname, '../../..');
const TRACKED = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
const TRACKED_FILES = new Set(TRACKED);
const TOP_FOLDERS = [...new Set(TRACKED.filter((file) => file.includes('/')).map((file) => file.slice(0, file.indexOf('/'))))];

/** Paths a doc or comment names that are not files of a clone, and not ignored by git. */
const NOT_FILES = [
  /-bin-audits\.|\/bin-audits[./]/, // docs/extending.md's example: what the capability generator writes for `bin-audits`
  /^docs\/openapi\.json$/, // the API's URL of its document (`/docs/openapi.json`), not a file
];

const PATH = new RegExp(`(?<![\\w./-])((?:${TOP_FOLDERS.map((folder) => folder.replace(/\./g, '\\.')).join('|')})/[\\w.{},@/-]*\\.[A-Za-z]\\w*)(?![\\w/])`, 'g');

/** `a/{b,c}.md` as `a/b.md` and `a/c.md`. */
function expanded(path: string): string[] {
  const brace = /\{([^{}]*)\}/.exec(path);
  if (brace === null) return [path];
  return brace[1].split(',').flatMap((choice) => expanded(path.slice(0, brace.index) + choice + path.slice(brace.index + brace[0].length)));
}

/** The repository paths in `text` (trailing sentence punctuation left out). */
function namedPaths(text: string): string[] {
  return [...text.matchAll(PATH)].map((match) => match[1].replace(/[.,]+$/, '')).flatMap(expanded);
}

/** Backticked spans of a Markdown file. */
const backticked = (markdown: string) => [...markdown.matchAll(/(`+)([^`]+?)\1/g)].map((match) => match[2]).join('\n');

/** The comment lines of a source file: `//`, `/*`, ` *` lines and a line's trailing `// …`. */
const comments = (source: string) =>
  source
    .split('\n')
    .map((line) => /^\s*(?:\/\/|\/\*|\*)(.*)$/.exec(line)?.[1] ?? /\s\/\/\s(.*)$/.exec(line)?.[1] ?? '')
    .join('\n');

const DOCS = TRACKED.filter((file) => file === 'README.md' || /^docs\/[^/]+\.md$/.test(file));
const SOURCES = TRACKED.filter((file) => /^(apps|libs|tools)\//.test(file) && /\.(ts|js|mjs|cjs)$/.test(file) && !file.endsWith('.d.ts'));

/** Of `paths`, those git ignores (made at run time). */
function ignored(paths: string[]): Set<string> {
  if (paths.length === 0) return new Set();
  try {
    return new Set(execFileSync('git', ['check-ignore', '--stdin', '--no-index'], { cwd: ROOT, encoding: 'utf8', input: paths.join('\n') }).split('\n').filter(Boolean));
  } catch (error) {
    if ((error as { status?: number }).status === 1) return new Set(); // none ignored
    throw error;
  }
}

function missing(files: string[], text: (content: string) => string): string[] {
  const named = files.flatMap((file) => namedPaths(text(readFileSync(join(ROOT, file), 'utf8'))).map((path) => ({ file, path })));
  const absent = named.filter(({ path }) => !TRACKED_FILES.has(path) && !NOT_FILES.some((pattern) => pattern.test(path)));
  const madeAtRunTime = ignored([...new Set(absent.map(({ path }) => path))]);
  return absent.filter(({ path }) => !madeAtRunTime.has(path)).map(({ file, path }) => `${file}: ${path}`);
}

describe('every path a doc or a comment names', () => {
  it('reads repository paths, braces expanded, and nothing else', () => {
    const text = 'see `tools/bench/goals.json`, `docs/{a,b}.md` and `/proc/1/stat`, `libs/x`, `npm run bench`, `src/lib/y.ts` and `apps/api/src/main.ts`.';
    expect(namedPaths(backticked(text))).toEqual(['tools/bench/goals.json', 'docs/a.md', 'docs/b.md', 'apps/api/src/main.ts']);
    // Paths that exist: this file is itself read as a source whose comments name paths.
    const source = 'const a = 1; // see tools/bench/main.js\n/**\n * tools/bench/goals.json\n */\nconst s = "docs/contract.md";';
    expect(namedPaths(comments(source))).toEqual(['tools/bench/main.js', 'tools/bench/goals.json']);
  });

  it('in README.md and docs/*.md exists in the repository', () => {
    expect(DOCS).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md']));
    expect(missing(DOCS, backticked)).toEqual([]);
  });

  it('in a comment of apps/, libs/ or tools/ exists in the repository', () => {
    expect(missing(SOURCES, comments)).toEqual([]);
  });
});

/*
 * A tracker's issue number points where a reader of a clone cannot follow: a comment says why, a doc says what, and
 * either may name a commit or another doc. The lock file is left out: it holds registry hashes, not prose.
 */
const TRACKER_NUMBER = /\bissues? #?\d+/gi;
const TEXT_FILES = TRACKED.filter((file) => file !== 'package-lock.json' && !/\.(png|jpe?g|gif|ico|woff2?|ttf|pdf|gz|tgz|zip|db|sqlite)$/i.test(file));

function trackerNumbers(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(TRACKER_NUMBER)].map((match) => `${file}:${text.slice(0, match.index).split('\n').length}: ${match[0]}`);
}

describe("no tracked file cites a tracker's issue number", () => {
  it('finds one written as a reader would meet it, and not a word that only starts alike', () => {
    // Written in pieces, so that this file holds no citation of its own.
    const words = (...pieces: string[]) => pieces.join(' ');
    const cited = words('see', 'issue', '21,', 'Issues', '#4', 'and', 'issue', '18.7');
    expect([...cited.matchAll(TRACKER_NUMBER)].map((match) => match[0])).toEqual([words('issue', '21'), words('Issues', '#4'), words('issue', '18')]);
    expect(words('issued 3 tokens;', 'an issue of 2;', 'tissue 5').match(TRACKER_NUMBER)).toBeNull();
  });

  it('in the README, docs/, sources, tests, CI and configuration', () => {
    expect(TEXT_FILES).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', '.ci/run', 'apps/api/src/main.ts']));
    expect(TEXT_FILES.flatMap(trackerNumbers)).toEqual([]);
  });
});
