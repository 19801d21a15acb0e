/** The DI token of the pages' template engine (views.ts). */
export const PAGE_TEMPLATES = Symbol('PAGE_TEMPLATES');

/** The DI token of the pages' words (page-words.ts), over the configuration's catalogs. */
export const PAGE_WORDS = Symbol('PAGE_WORDS');
