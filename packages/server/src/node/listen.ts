import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";

/** Where to listen. */
export interface ListenOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
}

/** A listening server. */
export interface RunningServer {
  /** The origin, such as http://127.0.0.1:4010. */
  url: string;
  /** The REST base URL, `${url}/v1`. */
  baseUrl: string;
  port: number;
  host: string;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
  /** The node:http server. */
  server: Server;
}

/** Serves a fetch handler over node:http. */
export function listen(
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>,
  options: ListenOptions = {},
): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const server = createServer(getRequestListener(fetch));
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 4010, host, () => {
      server.off("error", reject);
      const { port } = server.address() as AddressInfo;
      const hostPart = host.includes(":") ? `[${host}]` : host;
      const url = `http://${hostPart}:${port}`;
      resolve({
        url,
        baseUrl: `${url}/v1`,
        port,
        host,
        server,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
