import { DeleteEventsQuery, EventSummariesQuery } from "@tributary/api";
import type { Context } from "hono";
import { Hono } from "hono";
import { checkWorkflowId, deleteSourceEvents, sourceEvents, workflowErrorLog, workflowLog } from "../domain/events.js";
import { presentEvent } from "../domain/present.js";
import type { AuthEnv } from "../http/authenticate.js";
import { fetchPage, pageRequest, sendPage } from "../http/respond.js";
import { parseQuery } from "../http/validate.js";
import type { Services } from "../services.js";
import type { EventRecord } from "../store/records.js";
import type { PageRequest, PageResult } from "../store/store.js";

/** Event summaries of sources and workflows, and deleting a source's events. */
export function eventRoutes(services: Services) {
  const app = new Hono<AuthEnv>();

  const summaries = async (c: Context<AuthEnv>, fetch: (page: PageRequest) => Promise<PageResult<EventRecord>>) => {
    const query = parseQuery(c, EventSummariesQuery);
    const result = await fetchPage(pageRequest(query), fetch);
    const expand = query.expand === "event";
    return sendPage(
      c,
      result,
      (event) => event.id,
      (event) => presentEvent(event, expand),
      query,
    );
  };

  app.get("/sources/:id/event_summaries", (c) =>
    summaries(c, (page) => sourceEvents(services, c.get("actor"), c.req.param("id"), page)),
  );

  app.delete("/sources/:id/events", async (c) => {
    const query = parseQuery(c, DeleteEventsQuery);
    await deleteSourceEvents(services, c.get("actor"), c.req.param("id"), query);
    return c.body(null, 202);
  });

  app.get("/workflows/:workflowId/event_summaries", (c) => {
    const id = checkWorkflowId(c.req.param("workflowId"));
    return summaries(c, (page) => services.store.events.page(workflowLog(id), page));
  });

  app.get("/workflows/:workflowId/$errors/event_summaries", (c) => {
    const id = checkWorkflowId(c.req.param("workflowId"));
    return summaries(c, (page) => services.store.events.page(workflowErrorLog(id), page));
  });

  return app;
}
