const { createServer } = require('node:http');

/** An OTLP/HTTP receiver on loopback: answers every export 200, counts the bytes it was sent. */
async function startTraceSink() {
  const sink = { bytes: 0, exports: 0 };
  const server = createServer((request, response) => {
    request.on('data', (chunk) => (sink.bytes += chunk.length));
    request.on('end', () => {
      sink.exports++;
      response.writeHead(200, { 'content-type': request.headers['content-type'] ?? 'application/json' }).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { ...sink, sink, url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

module.exports = { startTraceSink };
