import { ComponentError } from "@tributary/runtime";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { type ControlPlaneOptions, controlPlaneRoutes } from "./control-plane/routes.js";
import { componentApiError } from "./domain/components.js";
import { ApiError } from "./errors.js";
import { type AuthEnv, authenticate } from "./http/authenticate.js";
import { allowedMethods } from "./http/route-table.js";
import { componentRoutes } from "./routes/components.js";
import { eventRoutes } from "./routes/events.js";
import { sourceRoutes } from "./routes/sources.js";
import { subscriptionRoutes } from "./routes/subscriptions.js";
import { userRoutes } from "./routes/users.js";
import { webhookRoutes } from "./routes/webhooks.js";
import type { Services } from "./services.js";

/** Logs faults of the server itself (never of component code or of the request). */
export type FaultLogger = (error: unknown, request: Request) => void;

function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof ComponentError) return componentApiError(error);
  if (error instanceof HTTPException && error.status < 500) {
    return new ApiError(error.status === 413 ? "payload_too_large" : "invalid_request", error.message);
  }
  return undefined;
}

/** Builds the Hono app: /v1 (API key), /_tributary (admin token), JSON errors everywhere. */
export function createApp(services: Services, control: ControlPlaneOptions, logFault: FaultLogger) {
  const app = new Hono({ strict: false });

  app.onError((error, c) => {
    const known = toApiError(error);
    if (known) return c.json(known.toBody(), known.status, known.headers);
    logFault(error, c.req.raw);
    return c.json(
      { error: "The server failed to handle this request; this is a bug in the server.", code: "internal_error" },
      500,
    );
  });

  app.notFound((c) => {
    const { pathname } = new URL(c.req.url);
    const allowed = allowedMethods(pathname);
    if (allowed && !allowed.includes(c.req.method)) {
      const error = new ApiError(
        "method_not_allowed",
        `${c.req.method} is not allowed on ${pathname}; use ${allowed.join(" or ")}.`,
      );
      return c.json(error.toBody(), 405, { Allow: allowed.join(", ") });
    }
    return c.json(new ApiError("not_found", `No route ${c.req.method} ${pathname}.`).toBody(), 404);
  });

  const v1 = new Hono<AuthEnv>({ strict: false });
  v1.use("*", authenticate(services));
  for (const routes of [componentRoutes, sourceRoutes, eventRoutes, subscriptionRoutes, webhookRoutes, userRoutes]) {
    v1.route("/", routes(services));
  }
  app.route("/v1", v1);
  app.route("/_tributary", controlPlaneRoutes(services, control));
  return app;
}
