import { CommonParams } from "@tributary/api";
import { Hono } from "hono";
import { memberWorkspace } from "../domain/access.js";
import { presentWorkspace } from "../domain/present.js";
import { presentUser } from "../domain/present-user.js";
import type { AuthEnv } from "../http/authenticate.js";
import { sendData } from "../http/respond.js";
import { parseQuery } from "../http/validate.js";
import type { Services } from "../services.js";

/** GET /users/me and GET /workspaces/{id}. */
export function userRoutes(services: Services) {
  const app = new Hono<AuthEnv>();

  app.get("/users/me", (c) => {
    const query = parseQuery(c, CommonParams);
    const { user, workspaces } = c.get("actor");
    return sendData(c, presentUser(user, workspaces, services.clock.now()), query);
  });

  app.get("/workspaces/:workspaceId", async (c) => {
    const query = parseQuery(c, CommonParams);
    const workspace = await memberWorkspace(services, c.get("actor"), c.req.param("workspaceId"));
    return sendData(c, presentWorkspace(workspace), query);
  });

  return app;
}
