/*
 * Ports for the servers a bench starts: @curbside/testing's, loaded from its source (Node strips the types), so that
 * the check that a started server is the one listening on its port has one home for tests and bench alike.
 */
const { freePort, listensOn } = require('../../../libs/testing/src/lib/ports.ts');

module.exports = { freePort, listensOn };
