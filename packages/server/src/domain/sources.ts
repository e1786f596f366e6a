import type { CreateSourceBody, UpdateSourceBody } from "@tributary/api";
import { ApiError, notFound } from "../errors.js";
import { nowSeconds, type Services } from "../services.js";
import type { ComponentRecord, SourceRecord } from "../store/records.js";
import type { Actor } from "./access.js";
import { componentRecord, findRegistryComponent, loadComponentCode, visibleComponent } from "./components.js";
import { shapeConfiguredProps } from "./configured-props.js";
import { commitHookOutcome, type HookStep, runHooks } from "./run-hooks.js";
import { slugify, uniqueSlug } from "./slug.js";
import { addAutoSubscriptions } from "./subscriptions.js";

/** The component a create or update names, and whether it is new (to be saved with the source). */
interface ResolvedComponent {
  component: ComponentRecord;
  isNew: boolean;
}

type ComponentChoice = Pick<CreateSourceBody, "component_id" | "component_code" | "component_url" | "key">;

/** Precedence: `component_id`, then `component_code`, then `component_url`, then a registry `key`. */
async function resolveComponent(
  services: Services,
  actor: Actor,
  ownerId: string,
  body: ComponentChoice,
): Promise<ResolvedComponent> {
  let resolved: ResolvedComponent;
  if (body.component_id !== undefined) {
    resolved = { component: await visibleComponent(services, actor, body.component_id), isNew: false };
  } else if (body.component_code !== undefined || body.component_url !== undefined) {
    const { code, meta } = await loadComponentCode(services, ownerId, body);
    resolved = { component: componentRecord(services, ownerId, code, meta, body.component_url), isNew: true };
  } else if (body.key !== undefined) {
    resolved = { component: await findRegistryComponent(services, body.key), isNew: false };
  } else {
    throw new ApiError(
      "invalid_request",
      "One of component_id, component_code, component_url or key is required to say which component to deploy.",
      "component_id",
    );
  }
  if (resolved.component.type === "action") {
    throw new ApiError(
      "invalid_request",
      `Component ${resolved.component.name} is an action; only sources can be deployed.`,
      "component_id",
    );
  }
  return resolved;
}

/** The public URL of a source's HTTP endpoint. */
export function endpointUrl(origin: string, sourceId: string): string {
  return `${origin.replace(/\/+$/, "")}/http/${sourceId}`;
}

/** A source the actor may reach; 404 otherwise. */
export async function visibleSource(services: Services, actor: Actor, id: string): Promise<SourceRecord> {
  const source = id.startsWith("dc_") ? await services.store.sources.get(id) : undefined;
  if (!source || !actor.owners.has(source.owner_id)) throw notFound("source", id);
  return source;
}

/** POST /sources: resolve the component, check props, run deploy then activate, then store. */
export async function createSource(
  services: Services,
  actor: Actor,
  ownerId: string,
  body: CreateSourceBody,
  origin: string,
): Promise<SourceRecord> {
  const { component, isNew } = await resolveComponent(services, actor, ownerId, body);
  const id = services.newId("source");
  const props = shapeConfiguredProps(
    component.configurable_props,
    body.configured_props ?? {},
    { endpointUrl: endpointUrl(origin, id), nowMs: services.clock.now() },
    true,
  );
  const outcome = await runHooks(
    services,
    ownerId,
    [
      { component, hook: "deploy", props },
      { component, hook: "activate", props },
    ],
    {},
  );
  const name = body.name ?? slugify(component.name);
  const now = nowSeconds(services);
  // Held on the new id until everything of the source is stored, so no change to it can start early.
  return services.locks.run(id, async () => {
    const source = await services.locks.run(ownerId, async () => {
      const record: SourceRecord = {
        id,
        owner_id: ownerId,
        user_id: actor.user.id,
        component_id: component.id,
        configured_props: props,
        active: true,
        name,
        name_slug: await uniqueSlug(name, (slug) => services.store.sources.slugTaken(ownerId, slug)),
        created_at: now,
        updated_at: now,
      };
      if (isNew) await services.store.components.insert(component);
      await services.store.sources.insert(record);
      return record;
    });
    await commitHookOutcome(services, id, outcome);
    await addAutoSubscriptions(services, source);
    return source;
  });
}

/**
 * PUT /sources/{id}: deactivate with the old code (when active), swap code, props and name,
 * activate with the new code (when it ends active). The id stays; nothing changes if a hook throws.
 */
export function updateSource(
  services: Services,
  actor: Actor,
  id: string,
  body: UpdateSourceBody,
  origin: string,
): Promise<SourceRecord> {
  // One change to a source at a time: its hooks must see the state the previous change left.
  return services.locks.run(id, () => applyUpdate(services, actor, id, body, origin));
}

async function applyUpdate(
  services: Services,
  actor: Actor,
  id: string,
  body: UpdateSourceBody,
  origin: string,
): Promise<SourceRecord> {
  const source = await visibleSource(services, actor, id);
  const previous = await services.store.components.get(source.component_id);
  const { component, isNew } = await resolveComponent(services, actor, source.owner_id, body);
  const given = body.configured_props;
  const props = shapeConfiguredProps(
    component.configurable_props,
    given ?? source.configured_props,
    { endpointUrl: endpointUrl(origin, id), nowMs: services.clock.now() },
    given !== undefined,
  );
  const active = body.active ?? true;
  const steps: HookStep[] = [];
  if (previous && source.active)
    steps.push({ component: previous, hook: "deactivate", props: source.configured_props });
  if (active) steps.push({ component, hook: "activate", props });
  const outcome = await runHooks(services, source.owner_id, steps, await services.store.db.get(id));
  const name = body.name ?? source.name;
  const updated = await services.locks.run(source.owner_id, async () => {
    const record: SourceRecord = {
      ...source,
      component_id: component.id,
      configured_props: props,
      active,
      name,
      name_slug:
        name === source.name
          ? source.name_slug
          : // The source's own slug is free for it: renaming "My Source" to "my source" keeps my-source.
            await uniqueSlug(
              name,
              async (slug) =>
                slug !== source.name_slug && (await services.store.sources.slugTaken(source.owner_id, slug)),
            ),
      updated_at: nowSeconds(services),
    };
    if (!(await services.store.sources.replace(record))) {
      throw new ApiError("not_found", `Source ${id} was deleted while it was being updated.`);
    }
    if (isNew) await services.store.components.insert(component);
    return record;
  });
  await commitHookOutcome(services, id, outcome);
  return updated;
}

/**
 * DELETE /sources/{id}: runs deactivate (when active), then removes the source, its events, its
 * db and the subscriptions that name it. Returns the deactivate hook's error message, if it threw:
 * the source is deleted all the same, so a broken hook can never pin a source in place.
 */
export function deleteSource(services: Services, actor: Actor, id: string): Promise<string | undefined> {
  return services.locks.run(id, () => applyDelete(services, actor, id));
}

async function applyDelete(services: Services, actor: Actor, id: string): Promise<string | undefined> {
  const source = await visibleSource(services, actor, id);
  const component = await services.store.components.get(source.component_id);
  let hookError: string | undefined;
  if (component && source.active) {
    try {
      const steps: HookStep[] = [{ component, hook: "deactivate", props: source.configured_props }];
      await runHooks(services, source.owner_id, steps, await services.store.db.get(id));
    } catch (error) {
      // Whatever went wrong in the hook or its sandbox, the delete goes ahead.
      hookError = error instanceof Error ? error.message : String(error);
    }
  }
  await services.store.sources.delete(id);
  await services.store.events.drop(id);
  await services.store.db.drop(id);
  await services.store.subscriptions.deleteTouching(id);
  await services.store.autoSubscriptions.deleteTouching(id);
  return hookError;
}
