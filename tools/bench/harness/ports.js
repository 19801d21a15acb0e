const { createServer } = require('node:net');

/** A port the system has just handed out on loopback (an ephemeral one: nothing is fixed). */
const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

module.exports = { freePort };
