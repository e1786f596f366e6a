import { timingSafeEqual } from "node:crypto";
import { CreateUserBody, CreateWorkspaceBody, PublishComponentBody } from "@tributary/api";
import { Hono, type MiddlewareHandler } from "hono";
import { presentComponent, presentWorkspace } from "../domain/present.js";
import { presentUser } from "../domain/present-user.js";
import { ApiError } from "../errors.js";
import { bearerToken } from "../http/authenticate.js";
import { readJsonBody } from "../http/read-body.js";
import { sendData } from "../http/respond.js";
import { parseWith } from "../http/validate.js";
import type { Services } from "../services.js";
import { createUser, createWorkspace } from "./accounts.js";
import { publishComponent } from "./publish.js";

/** What the control plane needs beyond the shared services. */
export interface ControlPlaneOptions {
  adminToken: string;
  /** Wipes the store and seeds the demo account again. */
  reset(): Promise<void>;
}

function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function requireAdmin(adminToken: string): MiddlewareHandler {
  return async (c, next) => {
    const token = bearerToken(c.req.header("authorization"));
    if (!token || !sameSecret(token, adminToken)) {
      const error = new ApiError(
        "unauthorized",
        "The control plane needs the admin token: send Authorization: Bearer <TRIBUTARY_ADMIN_TOKEN>.",
      );
      error.headers["WWW-Authenticate"] = 'Bearer realm="tributary-admin"';
      throw error;
    }
    await next();
  };
}

/** The control plane under /_tributary: health, users, workspaces, registry, reset. */
export function controlPlaneRoutes(services: Services, options: ControlPlaneOptions) {
  const app = new Hono();

  app.get("/health", (c) => c.json({ data: { status: "ok" } }));

  app.use("*", requireAdmin(options.adminToken));

  app.post("/users", async (c) => {
    const body = parseWith(CreateUserBody, await readJsonBody(c.req.raw));
    const { user, apiKey } = await createUser(services, body);
    const workspaces = await services.store.workspaces.forMember(user.id);
    return sendData(c, { user: presentUser(user, workspaces, services.clock.now()), api_key: apiKey }, {}, 201);
  });

  app.post("/workspaces", async (c) => {
    const body = parseWith(CreateWorkspaceBody, await readJsonBody(c.req.raw));
    return sendData(c, presentWorkspace(await createWorkspace(services, body)), {}, 201);
  });

  app.post("/registry", async (c) => {
    const body = parseWith(PublishComponentBody, await readJsonBody(c.req.raw));
    return sendData(c, presentComponent(await publishComponent(services, body.component_code)), {}, 201);
  });

  app.post("/reset", async (c) => {
    await options.reset();
    return c.body(null, 204);
  });

  return app;
}
