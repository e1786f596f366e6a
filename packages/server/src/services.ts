import type { IdGenerator } from "@tributary/api";
import type { Clock, Runtime } from "@tributary/runtime";
import type { KeyedLock } from "./domain/keyed-lock.js";
import type { Store } from "./store/store.js";

/** What the handlers and the domain share: storage, the runtime, time and ids. */
export interface Services {
  store: Store;
  runtime: Runtime;
  clock: Clock;
  newId: IdGenerator;
  /** Makes a new API key or token. */
  newSecret(): string;
  /** Makes the next event id from the clock. */
  newEventId(): string;
  /** The origin of public URLs (HTTP-source endpoints); the request's origin when unset. */
  publicUrl: string | undefined;
  /** Serialises check-then-write sequences per key (an owner's slugs). */
  locks: KeyedLock;
  /** Limits on fetching `component_url`. */
  componentUrl: { timeoutMs: number; maxBytes: number };
}

/** Epoch seconds from a clock. */
export function nowSeconds(services: Pick<Services, "clock">): number {
  return Math.floor(services.clock.now() / 1000);
}
