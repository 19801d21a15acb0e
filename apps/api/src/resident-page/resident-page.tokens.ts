/** The DI token of the pages' template engine (views.ts). */
export const PAGE_TEMPLATES = Symbol('PAGE_TEMPLATES');
