import { MAX_COMPONENT_CODE_BYTES } from "@tributary/api";
import { ComponentError, type ComponentMeta } from "@tributary/runtime";
import { ApiError, type ErrorCode, notFound } from "../errors.js";
import { nowSeconds, type Services } from "../services.js";
import type { ComponentRecord } from "../store/records.js";
import type { Actor } from "./access.js";
import { fetchComponentCode } from "./fetch-component.js";

/** Component code given inline or by URL; inline code wins and the URL is kept as metadata. */
export interface CodeInput {
  component_code?: string | undefined;
  component_url?: string | undefined;
}

const COMPONENT_ERROR_CODES: Record<ComponentError["kind"], ErrorCode> = {
  syntax: "component_invalid",
  invalid: "component_invalid",
  threw: "component_failed",
  timeout: "component_timeout",
  crashed: "component_failed",
};

/** The 400 that answers a fault of component code, carrying its message and stack. */
export function componentApiError(error: ComponentError, param?: string): ApiError {
  return new ApiError(COMPONENT_ERROR_CODES[error.kind], error.message, param, {
    ...(error.componentStack ? { component_stack: error.componentStack } : {}),
  });
}

/** Rethrows a fault of component code as its 400, and anything else as it is. */
export function asApiError(error: unknown, param?: string): never {
  throw error instanceof ComponentError ? componentApiError(error, param) : error;
}

/**
 * Reads the code from the input (fetching the URL when no code is given) and loads it in the
 * sandbox process of `tenant`, the user or workspace it is loaded for.
 */
export async function loadComponentCode(
  services: Services,
  tenant: string,
  input: CodeInput,
): Promise<{ code: string; meta: ComponentMeta }> {
  const code =
    input.component_code ??
    (input.component_url !== undefined ? await fetchComponentCode(input.component_url, services.componentUrl) : "");
  const param = input.component_code !== undefined ? "component_code" : "component_url";
  if (new TextEncoder().encode(code).length > MAX_COMPONENT_CODE_BYTES) {
    throw new ApiError(
      "invalid_request",
      `${param} is larger than the ${MAX_COMPONENT_CODE_BYTES / 1024} KB limit.`,
      param,
    );
  }
  try {
    return { code, meta: await services.runtime.load(code, tenant) };
  } catch (error) {
    return asApiError(error, param);
  }
}

/** A component record, not yet stored, for loaded code. */
export function componentRecord(
  services: Services,
  ownerId: string,
  code: string,
  meta: ComponentMeta,
  componentUrl: string | undefined,
): ComponentRecord {
  const now = nowSeconds(services);
  return {
    id: services.newId("component"),
    owner_id: ownerId,
    key: meta.key,
    code,
    code_hash: meta.codeHash,
    compiled: meta.compiled,
    name: meta.name,
    version: meta.version,
    type: meta.type,
    dedupe: meta.dedupe,
    hooks: meta.hooks,
    configurable_props: meta.props,
    component_url: componentUrl,
    created_at: now,
    updated_at: now,
  };
}

/** POST /components: evaluates the code, describes it, saves it. */
export async function createComponent(services: Services, ownerId: string, input: CodeInput): Promise<ComponentRecord> {
  const { code, meta } = await loadComponentCode(services, ownerId, input);
  const record = componentRecord(services, ownerId, code, meta, input.component_url);
  await services.store.components.insert(record);
  return record;
}

/** A component the actor may use: its own, its workspaces', or a published one. */
export async function visibleComponent(services: Services, actor: Actor, id: string): Promise<ComponentRecord> {
  const component = await services.store.components.get(id);
  if (!component || !(actor.owners.has(component.owner_id) || component.owner_id === REGISTRY_OWNER)) {
    throw notFound("component", id);
  }
  return component;
}

/** GET /components/{key|id}: by `sc_` id, or the newest of the account's components with that key. */
export async function findComponent(services: Services, actor: Actor, keyOrId: string): Promise<ComponentRecord> {
  if (keyOrId.startsWith("sc_")) return visibleComponent(services, actor, keyOrId);
  const component = await services.store.components.latestByKey([...actor.owners], keyOrId);
  if (!component) {
    throw new ApiError("not_found", `No component with key ${JSON.stringify(keyOrId)} was found in this account.`);
  }
  return component;
}

/** The owner id of published components. */
export const REGISTRY_OWNER = "registry";

/** GET /components/registry/{key}. */
export async function findRegistryComponent(services: Services, key: string): Promise<ComponentRecord> {
  const component = await services.store.registry.get(key);
  if (!component) throw new ApiError("not_found", `No published component with key ${JSON.stringify(key)} exists.`);
  return component;
}
