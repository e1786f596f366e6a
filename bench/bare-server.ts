/**
 * Child process: a bare node:http server that answers every request with one fixed body, the
 * ceiling the Tributary server is compared to. Usage: `bare-server.ts <content-type> <body>`.
 * Prints `{"url": ...}` once listening on 127.0.0.1; stops when stdin closes or on SIGTERM.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { announceListening } from "./child-server.js";

const [contentType, body] = process.argv.slice(2);
if (contentType === undefined || body === undefined) {
  throw new Error("bare-server.ts needs two arguments: the content type and the body to serve.");
}
const payload = Buffer.from(body);

const server = createServer((_request, response) => {
  response.writeHead(200, { "content-type": contentType, "content-length": payload.length });
  response.end(payload);
});
// The same keep-alive timeout as the Tributary server's listener.
server.keepAliveTimeout = 5_000;

await new Promise<void>((resolve, reject) => {
  server.once("error", reject);
  server.listen(0, "127.0.0.1", resolve);
});
const { port } = server.address() as AddressInfo;
announceListening(
  `http://127.0.0.1:${port}`,
  () =>
    new Promise<void>((done) => {
      server.close(() => done());
      server.closeAllConnections();
    }),
);
