/** An event id, `<epoch_ms>-<sequence>`, ordered by time then sequence. */
export type EventId = `${number}-${number}`;

const EVENT_ID = /^(\d{1,16})-(\d{1,9})$/;

/** The parts of an event id. */
export interface EventIdParts {
  ms: number;
  seq: number;
}

/** Parses an event id, or returns undefined when it is not of the form `<epoch_ms>-<sequence>`. */
export function parseEventId(value: string): EventIdParts | undefined {
  const match = EVENT_ID.exec(value);
  if (!match) return undefined;
  return { ms: Number(match[1]), seq: Number(match[2]) };
}

/** True when `value` is a well-formed event id. */
export function isEventId(value: unknown): value is EventId {
  return typeof value === "string" && EVENT_ID.test(value);
}

/** Formats an event id from its parts. */
export function formatEventId(ms: number, seq: number): EventId {
  return `${ms}-${seq}`;
}

/**
 * Orders two well-formed event ids: negative when `a` is older, 0 when equal, positive when newer.
 * Throws a TypeError when either is not an event id.
 */
export function compareEventIds(a: string, b: string): number {
  const pa = parseEventId(a);
  const pb = parseEventId(b);
  if (!pa || !pb) throw new TypeError(`Not an event id: ${pa ? b : a}`);
  return pa.ms - pb.ms || pa.seq - pb.seq;
}

/**
 * Makes increasing event ids: the sequence restarts at 0 each new millisecond and counts up
 * within one, and a clock that goes backwards never yields an id older than the last one.
 */
export function createEventIdSequence(): (nowMs: number) => EventId {
  let lastMs = -1;
  let seq = 0;
  return (nowMs) => {
    if (nowMs > lastMs) {
      lastMs = nowMs;
      seq = 0;
    } else {
      seq += 1;
    }
    return formatEventId(lastMs, seq);
  };
}
