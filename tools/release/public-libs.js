/** The libs other teams may build on: published together, each with a checked API report (docs/publishing.md). */
const PUBLIC_LIBS = ['contract', 'domain', 'messages', 'codecs', 'auth', 'client'];

/**
 * A lib whose published root is one of its entry points: `@curbside/auth`'s root in the repository (Curbside's own
 * clients, tokens and guard) needs Curbside's database (`@curbside/persistence`, never published), so the package
 * another team installs holds only the guard it uses, at its root and at `@curbside/auth/resource-server`.
 */
const PUBLISHED_ROOT = { auth: 'resource-server' };

module.exports = { PUBLIC_LIBS, PUBLISHED_ROOT };
