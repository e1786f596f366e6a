import { MAX_EVENTS_KEPT } from "@tributary/api";
import type { EmittedEvent, HookName } from "@tributary/runtime";
import type { Services } from "../services.js";
import type { ComponentRecord, EventRecord } from "../store/records.js";
import { asApiError } from "./components.js";

/** The outcome of a run of hooks, not yet stored. */
export interface HookOutcome {
  db: Record<string, unknown>;
  emits: EmittedEvent[];
}

/** One hook to run: which component's, with which configured props. */
export interface HookStep {
  component: ComponentRecord;
  hook: HookName;
  props: Record<string, unknown>;
}

/**
 * Runs hook steps in order, in the sandbox process of `tenant` (the source's owner), threading
 * `$.service.db` from one to the next; steps whose component lacks the hook are skipped. Nothing
 * is stored: a hook that throws fails the whole run with a 400 carrying its message, and the
 * caller keeps what it had.
 */
export async function runHooks(
  services: Services,
  tenant: string,
  steps: readonly HookStep[],
  db: Record<string, unknown>,
): Promise<HookOutcome> {
  const outcome: HookOutcome = { db, emits: [] };
  for (const { component, hook, props } of steps) {
    if (!component.hooks.includes(hook)) continue;
    try {
      const result = await services.runtime.runHook({
        tenant,
        component: { compiled: component.compiled, codeHash: component.code_hash },
        hook,
        props,
        db: outcome.db,
      });
      outcome.db = result.db;
      outcome.emits.push(...result.emits);
    } catch (error) {
      asApiError(error);
    }
  }
  return outcome;
}

/** Stores what hooks did: the db, and their emits in the source's event log. */
export async function commitHookOutcome(services: Services, sourceId: string, outcome: HookOutcome): Promise<void> {
  await services.store.db.set(sourceId, outcome.db);
  if (outcome.emits.length === 0) return;
  const events: EventRecord[] = outcome.emits.map((emit) => {
    const id = services.newEventId();
    return {
      id,
      indexed_at_ms: services.clock.now(),
      event: emit.event,
      metadata: { emit_id: id, name: emit.meta.name ?? "", emitter_id: sourceId },
      ...(emit.meta.summary !== undefined ? { summary: emit.meta.summary } : {}),
    };
  });
  await services.store.events.append(sourceId, events, MAX_EVENTS_KEPT);
}
