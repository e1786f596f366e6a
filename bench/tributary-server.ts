/**
 * Child process: the Tributary reference server on 127.0.0.1 and a free port, with the bench's
 * demo API key. Prints `{"url": ...}` once listening; stops when stdin closes or on SIGTERM.
 */
import { createServer } from "@tributary/server";
import { announceListening } from "./child-server.js";
import { API_KEY } from "./users-me.js";

const server = createServer({ demo: { apiKey: API_KEY } });
const running = await server.listen({ port: 0, host: "127.0.0.1" });
announceListening(running.url, () => server.close());
