import { CommonParams, CreateSourceBody, ListQuery, OrgIdParam, UpdateSourceBody } from "@tributary/api";
import type { Context } from "hono";
import { Hono } from "hono";
import { memberWorkspace, ownerFor } from "../domain/access.js";
import { presentSource } from "../domain/present.js";
import { createSource, deleteSource, updateSource } from "../domain/sources.js";
import type { AuthEnv } from "../http/authenticate.js";
import { readJsonBody } from "../http/read-body.js";
import { fetchPage, pageRequest, sendData, sendPage } from "../http/respond.js";
import { parseQuery, parseWith } from "../http/validate.js";
import type { Services } from "../services.js";

/** The response header that reports a deactivate hook that threw while its source was deleted. */
export const HOOK_ERROR_HEADER = "Tributary-Hook-Error";

/** Source listing, create, update and delete. */
export function sourceRoutes(services: Services) {
  const app = new Hono<AuthEnv>();
  const origin = (c: Context) => services.publicUrl ?? new URL(c.req.url).origin;

  const list = async (c: Context<AuthEnv>, ownerId: string, query: ListQuery) => {
    const page = pageRequest(query);
    const result = await fetchPage(page, (p) => services.store.sources.page(ownerId, p));
    return sendPage(
      c,
      result,
      (source) => source.id,
      (source) => presentSource(source),
      query,
    );
  };

  app.get("/users/me/sources", async (c) => {
    const query = parseQuery(c, ListQuery);
    return list(c, c.get("actor").user.id, query);
  });

  app.get("/orgs/:workspaceId/sources", async (c) => {
    const query = parseQuery(c, ListQuery);
    const workspace = await memberWorkspace(services, c.get("actor"), c.req.param("workspaceId"));
    return list(c, workspace.id, query);
  });

  app.post("/sources", async (c) => {
    const { org_id } = parseQuery(c, OrgIdParam);
    const body = parseWith(CreateSourceBody, await readJsonBody(c.req.raw));
    const owner = await ownerFor(services, c.get("actor"), { org_id, workspace_id: body.workspace_id });
    const source = await createSource(services, c.get("actor"), owner, body, origin(c));
    return sendData(c, presentSource(source, true), body);
  });

  app.put("/sources/:id", async (c) => {
    const body = parseWith(UpdateSourceBody, await readJsonBody(c.req.raw));
    const source = await updateSource(services, c.get("actor"), c.req.param("id"), body, origin(c));
    return sendData(c, presentSource(source, true), body);
  });

  app.delete("/sources/:id", async (c) => {
    parseQuery(c, CommonParams);
    const hookError = await deleteSource(services, c.get("actor"), c.req.param("id"));
    if (hookError !== undefined) c.header(HOOK_ERROR_HEADER, encodeURIComponent(hookError));
    return c.body(null, 204);
  });

  return app;
}
