/**
 * @tributary/api: the wire contract of the Event Source Management API, shared by the SDK and
 * the reference server. Zod schemas of every resource, request and response, the types inferred
 * from them, id helpers and the OpenAPI document.
 *
 * @example
 * import { Source, isId } from "@tributary/api";
 * const source = Source.parse(json.data);
 * isId("source", source.id); // true
 *
 * @packageDocumentation
 */
export { type Endpoint, type EndpointBase, endpoints } from "./endpoints.js";
export {
  compareEventIds,
  createEventIdSequence,
  type EventId,
  type EventIdParts,
  formatEventId,
  isEventId,
  parseEventId,
} from "./event-id.js";
export { createIdGenerator, ID_PREFIX, type IdGenerator, type IdKind, idKind, isId, type Random } from "./ids.js";
export { buildOpenApiDocument, type JsonSchema, type OpenApiOptions } from "./openapi.js";
export {
  booleanParam,
  CommonParams,
  integerParam,
  ListQuery,
  OrgIdParam,
  PAGE_LIMIT,
  PaginationParams,
  textParam,
} from "./schemas/common.js";
export {
  Component,
  ComponentRef,
  CreateComponentBody,
  MAX_COMPONENT_CODE_BYTES,
  PropDescriptor,
  PropOption,
} from "./schemas/component.js";
export {
  CreatedUser,
  CreateUserBody,
  CreateWorkspaceBody,
  PublishComponentBody,
} from "./schemas/control-plane.js";
export { dataEnvelope, ErrorBody, type Page, PageInfo, pageEnvelope } from "./schemas/envelope.js";
export {
  DeleteEventsQuery,
  EVENT_TRUNCATE_BYTES,
  EventMetadata,
  EventSummariesQuery,
  EventSummary,
  MAX_EVENTS_KEPT,
  WorkflowErrorEvent,
} from "./schemas/event.js";
export {
  CreateSourceBody,
  HttpValue,
  MAX_SOURCE_NAME,
  Source,
  TimerInput,
  TimerValue,
  UpdateSourceBody,
} from "./schemas/source.js";
export {
  AutoSubscription,
  CreateAutoSubscriptionQuery,
  CreateSubscriptionQuery,
  DeleteSubscriptionQuery,
  Subscription,
} from "./schemas/subscription.js";
export { CurrentUser, FreeUser, isPaidUser, PaidUser, UserWorkspace, Workspace } from "./schemas/user.js";
export { CreateWebhookQuery, isWebhookUrl, WEBHOOK_LIMITS, Webhook } from "./schemas/webhook.js";
