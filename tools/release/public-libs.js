/** The libs other teams may build on: published together, each with a checked API report (docs/publishing.md). */
const PUBLIC_LIBS = ['contract', 'domain', 'codecs', 'auth', 'client'];

module.exports = { PUBLIC_LIBS };
