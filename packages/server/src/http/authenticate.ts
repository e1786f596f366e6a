import { isId } from "@tributary/api";
import type { Context, MiddlewareHandler } from "hono";
import { type Actor, RequestActor } from "../domain/access.js";
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

/**
 * The Authorization header. Under node:http the adapter hands over the IncomingMessage as
 * `env.incoming`; reading its parsed headers skips building a whole `Headers` object per request,
 * the largest fixed cost of an authenticated request.
 */
function authorizationHeader(c: Context): string | undefined {
  const incoming = (c.env as { incoming?: { headers?: Record<string, string | string[] | undefined> } } | undefined)
    ?.incoming;
  const raw = incoming?.headers?.authorization;
  return typeof raw === "string" ? raw : c.req.header("authorization");
}

function unauthorized(message: string): ApiError {
  const error = new ApiError("unauthorized", message);
  error.headers["WWW-Authenticate"] = 'Bearer realm="tributary"';
  return error;
}

/** Requires `Authorization: Bearer <API key>` of a known user: 401 otherwise. */
export function authenticate(services: Services): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const header = authorizationHeader(c);
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
    const actor = new RequestActor(user, await services.store.workspaces.forMember(user.id));
    // workspace_id is accepted on every endpoint; naming a workspace the user is not in is a 404.
    const workspaceId = c.req.url.includes("workspace_id=") ? c.req.query("workspace_id") : undefined;
    if (workspaceId && isId("workspace", workspaceId) && !actor.owners.has(workspaceId)) {
      throw notFound("workspace", workspaceId);
    }
    c.set("actor", actor);
    await next();
  };
}
