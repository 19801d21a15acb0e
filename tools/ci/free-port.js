const { createServer } = require('node:net');

/** A port free on the loopback interface now, for a server the CI scripts start. */
exports.freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
