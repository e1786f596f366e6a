import { CommonParams, CreateComponentBody, OrgIdParam } from "@tributary/api";
import { Hono } from "hono";
import { ownerFor } from "../domain/access.js";
import { createComponent, findComponent, findRegistryComponent } from "../domain/components.js";
import { presentComponent } from "../domain/present.js";
import { ApiError } from "../errors.js";
import type { AuthEnv } from "../http/authenticate.js";
import { readJsonBody } from "../http/read-body.js";
import { sendData } from "../http/respond.js";
import { parseQuery, parseWith } from "../http/validate.js";
import type { Services } from "../services.js";

/** POST /components, GET /components/{key|id}, GET /components/registry/{key}. */
export function componentRoutes(services: Services) {
  const app = new Hono<AuthEnv>();

  app.post("/components", async (c) => {
    const { org_id } = parseQuery(c, OrgIdParam);
    const body = parseWith(CreateComponentBody, await readJsonBody(c.req.raw));
    const owner = await ownerFor(services, c.get("actor"), { org_id, workspace_id: body.workspace_id });
    return sendData(c, presentComponent(await createComponent(services, owner, body)), body);
  });

  // Written as `:scope/:key` rather than `registry/:key`: a literal segment beside the `:keyOrId`
  // route would make Hono fall back from its fast RegExpRouter for every route of the API.
  app.get("/components/:scope/:key", async (c) => {
    const query = parseQuery(c, CommonParams);
    const { scope, key } = c.req.param();
    if (scope !== "registry") throw new ApiError("not_found", `No route GET ${new URL(c.req.url).pathname}.`);
    return sendData(c, presentComponent(await findRegistryComponent(services, key)), query);
  });

  app.get("/components/:keyOrId", async (c) => {
    const query = parseQuery(c, CommonParams);
    const component = await findComponent(services, c.get("actor"), c.req.param("keyOrId"));
    return sendData(c, presentComponent(component), query);
  });

  return app;
}
