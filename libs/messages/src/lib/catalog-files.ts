import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ar from './catalogs/ar.json';
import en from './catalogs/en.json';
import es from './catalogs/es.json';
import ko from './catalogs/ko.json';
import tl from './catalogs/tl.json';
import vi from './catalogs/vi.json';
import zhHans from './catalogs/zh-Hans.json';
import zhHant from './catalogs/zh-Hant.json';

/** What a catalog file says about itself: its language's name, who has read it, and the stop words of its language. */
export interface CatalogMeta {
  /** The language's own name for itself ("Tiếng Việt"). */
  language?: string;
  /** Who wrote and read back the catalog. */
  review?: string;
  /** The keys written without a native reviewer (`"*"`: every key): what a hauler should have checked. */
  unreviewed?: string[];
  /** Inbound words that stop texts in this language, besides CONTRACT §10's (compared without regard to case). */
  stopWords?: string[];
}

/** One `<tag>.json` file: its messages by key (ICU MessageFormat) and its `_meta`. */
export interface CatalogFile {
  tag: string;
  /** Where it came from, as `messages check` names it. */
  file: string;
  meta: CatalogMeta;
  messages: Record<string, string>;
}

/** The member of a catalog file that is no message. */
export const META_KEY = '_meta';

/** The catalogs shipped with Curbside, by tag (CONTRACT §11's built-in languages). */
const BUILT_IN: Record<string, object> = { en, es, 'zh-Hans': zhHans, 'zh-Hant': zhHant, vi, tl, ko, ar };

/** The tags of the built-in catalogs, `en` first. */
export const BUILT_IN_LANGUAGES: readonly string[] = Object.keys(BUILT_IN);

/** The built-in catalogs, as files named `catalogs/<tag>.json`. */
export function builtInCatalogs(): CatalogFile[] {
  return Object.entries(BUILT_IN).map(([tag, json]) => catalogFile(tag, `catalogs/${tag}.json`, json));
}

/** A catalog file's tag: its name without `.json`. */
const TAG_OF_FILE = /^(.+)\.json$/;

/** The `<tag>.json` files of a folder (`MESSAGES_DIR`); a file that is not a JSON object of strings throws, naming it. */
export function folderCatalogs(folder: string): CatalogFile[] {
  return folderTags(folder).map((tag) => {
    const file = join(folder, `${tag}.json`);
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`${file}: not a JSON file (${(error as Error).message})`);
    }
    return catalogFile(tag, file, json);
  });
}

/** The tags a folder has catalogs for; none when it does not exist. */
export function folderTags(folder: string | null | undefined): string[] {
  if (!folder || !existsSync(folder)) return [];
  return readdirSync(folder)
    .map((name) => TAG_OF_FILE.exec(name)?.[1])
    .filter((tag): tag is string => tag !== undefined)
    .sort();
}

function catalogFile(tag: string, file: string, json: unknown): CatalogFile {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new Error(`${file}: must be a JSON object of messages by key`);
  const { [META_KEY]: meta, ...messages } = json as Record<string, unknown>;
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value !== 'string') throw new Error(`${file}: ${key}: a message must be a string`);
  }
  return { tag, file, meta: (meta ?? {}) as CatalogMeta, messages: messages as Record<string, string> };
}
