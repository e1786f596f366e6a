import { CommonParams, CreateWebhookQuery, ListQuery } from "@tributary/api";
import { Hono } from "hono";
import { presentWebhook } from "../domain/present.js";
import { createWebhook, deleteWebhook } from "../domain/webhooks.js";
import type { AuthEnv } from "../http/authenticate.js";
import { readJsonBody } from "../http/read-body.js";
import { fetchPage, pageRequest, queryOf, sendData, sendPage } from "../http/respond.js";
import { parseQuery, parseWith } from "../http/validate.js";
import type { Services } from "../services.js";

/** Webhooks: create (query parameters), list, delete. */
export function webhookRoutes(services: Services) {
  const app = new Hono<AuthEnv>();

  app.post("/webhooks", async (c) => {
    const query = parseWith(CreateWebhookQuery, queryOf(c, await readJsonBody(c.req.raw)));
    return sendData(c, presentWebhook(await createWebhook(services, c.get("actor"), query), true), query);
  });

  app.get("/users/me/webhooks", async (c) => {
    const query = parseQuery(c, ListQuery);
    const userId = c.get("actor").user.id;
    const result = await fetchPage(pageRequest(query), (page) => services.store.webhooks.page(userId, page));
    return sendPage(
      c,
      result,
      (webhook) => webhook.id,
      (webhook) => presentWebhook(webhook),
      query,
    );
  });

  app.delete("/webhooks/:id", async (c) => {
    parseQuery(c, CommonParams);
    await deleteWebhook(services, c.get("actor"), c.req.param("id"));
    return c.body(null, 204);
  });

  return app;
}
