/**
 * @tributary/server: the in-memory reference server of the Event Source Management API. Serves
 * every REST endpoint under /v1 and a control plane under /_tributary, runs real component code
 * in sandbox processes, and works in-process (`server.fetch`) or on a port (`server.listen`).
 *
 * @example
 * import { createServer } from "@tributary/server";
 * const server = createServer();
 * const { baseUrl } = await server.listen({ port: 0 });
 * console.log(baseUrl, server.demo?.apiKey);
 * await server.close();
 *
 * @packageDocumentation
 */
export type { FaultLogger } from "./app.js";
export { DEFAULT_DAILY_CREDITS } from "./control-plane/accounts.js";
export type { ControlPlaneOptions } from "./control-plane/routes.js";
export {
  createServer,
  type DemoAccount,
  type DemoOptions,
  type ServerOptions,
  type TributaryServer,
} from "./create-server.js";
export type { Actor } from "./domain/access.js";
export { MAX_PROP_VALUE_BYTES } from "./domain/configured-props.js";
export { KeyedLock } from "./domain/keyed-lock.js";
export { FREE_PLAN, PAID_PLAN } from "./domain/present-user.js";
export { ApiError, ERROR_STATUS, type ErrorCode } from "./errors.js";
export { MAX_BODY_BYTES } from "./http/read-body.js";
export { type ListenOptions, listen, type RunningServer } from "./node/listen.js";
export { HOOK_ERROR_HEADER } from "./routes/sources.js";
export type { Services } from "./services.js";
export { MemoryStore } from "./store/memory-store.js";
export type {
  AutoSubscriptionRecord,
  ComponentRecord,
  EventRecord,
  SourceRecord,
  SubscriptionRecord,
  UserRecord,
  WebhookRecord,
  WorkspaceRecord,
} from "./store/records.js";
export {
  type EventRange,
  type OwnedTable,
  type PageRequest,
  type PageResult,
  type Store,
  UnknownCursorError,
} from "./store/store.js";
