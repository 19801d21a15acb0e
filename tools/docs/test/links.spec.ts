import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isAbsolute, join, posix, relative } from 'node:path';

const ROOT = join(__dirname, '../../..');

/** What a clone has: the tracked files, as repository paths with `/`. */
const TRACKED = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
const TRACKED_FILES = new Set(TRACKED);
const TRACKED_DIRECTORIES = new Set(TRACKED.flatMap((file) => [...file.matchAll(/\//g)].map((slash) => file.slice(0, slash.index))));
const MARKDOWN = TRACKED.filter((file) => file.endsWith('.md'));

/** The Markdown outside fenced code blocks (a `#` in a shell block is no heading, a `[x](y)` there no link). */
function outsideFences(markdown: string): string[] {
  let fence: string | undefined;
  return markdown.split('\n').filter((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence ? undefined : marker;
      return false;
    }
    return !fence;
  });
}

/** GitHub's heading anchor: the rendered text, lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '');
  return text.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** Every anchor a Markdown file offers: its headings' slugs (repeats numbered as GitHub does) and HTML ids. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of outsideFences(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const [, id] of markdown.matchAll(/<[a-z]+\b[^>]*\b(?:id|name)="([^"]+)"/g)) anchors.add(id);
  return anchors;
}

/** The targets of a file's links and images: inline, reference definitions and HTML `href`/`src`. */
function linkTargets(markdown: string): string[] {
  const prose = outsideFences(markdown).join('\n').replace(/(`+)[\s\S]*?\1/g, '');
  const patterns = [
    /!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^\s)>]*)>?(?:\s+"[^"]*")?\s*\)/g,
    /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/gm,
    /<(?:a|img)\b[^>]*\b(?:href|src)="([^"]+)"/g,
  ];
  return patterns.flatMap((pattern) => [...prose.matchAll(pattern)].map((match) => match[1]));
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/** Why a relative link of `file` does not resolve in a clone, or undefined when it does. */
function brokenLink(file: string, target: string): string | undefined {
  const [rawPath, rawAnchor] = target.split('#', 2);
  const path = decodeURIComponent(rawPath);
  const resolved = path === '' ? file : path.startsWith('/') ? path.slice(1) : posix.normalize(posix.join(posix.dirname(file), path));
  const outside = relative(ROOT, join(ROOT, resolved));
  if (outside.startsWith('..') || isAbsolute(outside)) return 'points outside the repository';
  const inRepository = resolved.replace(/\/$/, '');
  if (!TRACKED_FILES.has(inRepository) && !TRACKED_DIRECTORIES.has(inRepository)) return `${inRepository} is not a tracked file`;
  if (rawAnchor === undefined || !inRepository.endsWith('.md')) return undefined;
  const anchors = anchorsOf(readFileSync(join(ROOT, inRepository), 'utf8'));
  return anchors.has(decodeURIComponent(rawAnchor)) ? undefined : `${inRepository} has no heading #${rawAnchor}`;
}

describe('the repository stands on its own', () => {
  it('reads the GitHub anchors of headings as GitHub writes them', () => {
    expect(slug('7. API quality: caching, concurrency, paging, limits')).toBe('7-api-quality-caching-concurrency-paging-limits');
    expect(slug('`contacts` — key `type`')).toBe('contacts--key-type');
    expect(slug('`pickups` **§6** — key `id` + `planned_date`')).toBe('pickups-6--key-id--planned_date');
    expect(slug('The [calendar](x.md) feed')).toBe('the-calendar-feed');
    expect([...anchorsOf('# A\n## A\n```sh\n# A\n```\n## A')]).toEqual(['a', 'a-1', 'a-2']);
  });

  it('finds inline links, images, reference definitions and HTML links, not what is in code', () => {
    const markdown = 'a [x](one.md#b) ![i](img.png "t") `[no](code.md)`\n[ref]: two.md\n<img src="three.svg">\n```\n[no](fence.md)\n```\n';
    expect(linkTargets(markdown)).toEqual(['one.md#b', 'img.png', 'two.md', 'three.svg']);
  });

  it('has no broken relative link or image in its Markdown: every target a tracked file, every #anchor a heading', () => {
    expect(MARKDOWN).toEqual(expect.arrayContaining(['README.md', 'docs/contract.md', 'docs/interface.md']));
    const broken = MARKDOWN.flatMap((file) =>
      linkTargets(readFileSync(join(ROOT, file), 'utf8'))
        .filter((target) => !isExternal(target))
        .flatMap((target) => {
          const reason = brokenLink(file, target);
          return reason ? [`${file}: (${target}) ${reason}`] : [];
        }),
    );
    expect(broken).toEqual([]);
  });

  it('names nothing beside it: no tracked file refers to the shared folder next to the checkout', () => {
    // Spelt in two pieces so that this file does not name it either.
    const sibling = ['..', 'shared'].join('/');
    const naming = TRACKED.filter((file) => !/\.(png|jpg|gif|ico|woff2?)$/.test(file)).filter((file) => readFileSync(join(ROOT, file), 'utf8').includes(sibling));
    expect(naming).toEqual([]);
  });
});
