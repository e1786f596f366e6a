import {
  CommonParams,
  CreateAutoSubscriptionQuery,
  CreateSubscriptionQuery,
  DeleteSubscriptionQuery,
} from "@tributary/api";
import { Hono } from "hono";
import { memberWorkspace } from "../domain/access.js";
import { presentSubscription } from "../domain/present.js";
import {
  createAutoSubscription,
  createSubscription,
  deleteSubscription,
  listSubscriptions,
} from "../domain/subscriptions.js";
import type { AuthEnv } from "../http/authenticate.js";
import { readJsonBody } from "../http/read-body.js";
import { queryOf, sendData } from "../http/respond.js";
import { parseQuery, parseWith } from "../http/validate.js";
import type { Services } from "../services.js";

/** Subscriptions and auto-subscriptions. Their parameters travel in the query string. */
export function subscriptionRoutes(services: Services) {
  const app = new Hono<AuthEnv>();

  app.post("/subscriptions", async (c) => {
    const query = parseWith(CreateSubscriptionQuery, queryOf(c, await readJsonBody(c.req.raw)));
    return sendData(c, presentSubscription(await createSubscription(services, c.get("actor"), query)), query);
  });

  app.post("/auto_subscriptions", async (c) => {
    const query = parseWith(CreateAutoSubscriptionQuery, queryOf(c, await readJsonBody(c.req.raw)));
    const auto = await createAutoSubscription(services, c.get("actor"), query);
    return sendData(c, { id: auto.id, listener_id: auto.listener_id, event_name: auto.event_name }, query);
  });

  app.delete("/subscriptions", async (c) => {
    const query = parseQuery(c, DeleteSubscriptionQuery);
    await deleteSubscription(services, c.get("actor"), query);
    return c.body(null, 204);
  });

  app.get("/users/me/subscriptions", async (c) => {
    const query = parseQuery(c, CommonParams);
    const list = await listSubscriptions(services, c.get("actor").user.id);
    return sendData(c, list.map(presentSubscription), query);
  });

  app.get("/workspaces/:workspaceId/subscriptions", async (c) => {
    const query = parseQuery(c, CommonParams);
    const workspace = await memberWorkspace(services, c.get("actor"), c.req.param("workspaceId"));
    const list = await listSubscriptions(services, workspace.id);
    return sendData(c, list.map(presentSubscription), query);
  });

  return app;
}
