import type { DeleteEventsQuery } from "@tributary/api";
import { compareEventIds } from "@tributary/api";
import { ApiError, notFound } from "../errors.js";
import type { Services } from "../services.js";
import type { PageRequest } from "../store/store.js";
import type { Actor } from "./access.js";
import { visibleSource } from "./sources.js";

/** The event log of a workflow's emits, and of its errors. */
export const workflowLog = (workflowId: string) => workflowId;
export const workflowErrorLog = (workflowId: string) => `${workflowId}/$errors`;

const WORKFLOW_ID = /^p_[0-9A-Za-z]{1,64}$/;

/** Checks a workflow id. Workflows are not managed through the API, so any well-formed id is known. */
export function checkWorkflowId(id: string): string {
  if (!WORKFLOW_ID.test(id)) throw notFound("workflow", id);
  return id;
}

/** A page of a source's events, newest first. */
export async function sourceEvents(services: Services, actor: Actor, id: string, page: PageRequest) {
  await visibleSource(services, actor, id);
  return services.store.events.page(id, page);
}

/** DELETE /sources/{id}/events: all, from start_id on, up to end_id, or the inclusive range. */
export async function deleteSourceEvents(services: Services, actor: Actor, id: string, query: DeleteEventsQuery) {
  await visibleSource(services, actor, id);
  const { start_id: startId, end_id: endId } = query;
  if (startId !== undefined && endId !== undefined && compareEventIds(startId, endId) > 0) {
    throw new ApiError("invalid_request", "start_id must not be after end_id; both bounds are inclusive.", "start_id");
  }
  return services.store.events.deleteRange(id, {
    ...(startId !== undefined ? { startId } : {}),
    ...(endId !== undefined ? { endId } : {}),
  });
}
