import { isId } from "@tributary/api";
import type { MiddlewareHandler } from "hono";
import { type Actor, actorFor } from "../domain/access.js";
import { ApiError, notFound } from "../errors.js";
import type { Services } from "../services.js";

/** Hono variables set for authenticated requests. */
export interface AuthEnv {
  Variables: { actor: Actor };
}

/** The bearer credential of a request, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

function unauthorized(message: string): ApiError {
  const error = new ApiError("unauthorized", message);
  error.headers["WWW-Authenticate"] = 'Bearer realm="tributary"';
  return error;
}

/** Requires `Authorization: Bearer <API key>` of a known user: 401 otherwise. */
export function authenticate(services: Services): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization");
    const token = bearerToken(header);
    if (!token) {
      throw unauthorized(
        header
          ? "The Authorization header must be 'Bearer <API key>'."
          : "An API key is required: send the header Authorization: Bearer <API key>.",
      );
    }
    const user = await services.store.users.byApiKey(token);
    if (!user) throw unauthorized("The API key is not valid; check it or create a new one.");
    const actor = await actorFor(services, user);
    // workspace_id is accepted on every endpoint; naming a workspace the user is not in is a 404.
    const workspaceId = c.req.query("workspace_id");
    if (workspaceId && isId("workspace", workspaceId) && !actor.owners.has(workspaceId)) {
      throw notFound("workspace", workspaceId);
    }
    c.set("actor", actor);
    await next();
  };
}
