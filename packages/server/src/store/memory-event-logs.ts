import { compareEventIds, isEventId } from "@tributary/api";
import type { EventRecord } from "./records.js";
import { SortedList } from "./sorted-list.js";
import { type EventRange, type PageRequest, type PageResult, type Store, UnknownCursorError } from "./store.js";

type EventLogs = Store["events"];

/** In-memory event logs, one sorted list per log, paged newest first by event id. */
export class MemoryEventLogs implements EventLogs {
  readonly #logs = new Map<string, SortedList<string, EventRecord>>();

  async append(logId: string, events: EventRecord[], keep: number): Promise<void> {
    let log = this.#logs.get(logId);
    if (!log) {
      log = new SortedList<string, EventRecord>((event) => event.id, compareEventIds);
      this.#logs.set(logId, log);
    }
    for (const event of events) log.insert(event);
    log.trimTo(keep);
  }

  async page(logId: string, page: PageRequest): Promise<PageResult<EventRecord>> {
    for (const cursor of [page.after, page.before]) {
      if (cursor !== undefined && !isEventId(cursor)) throw new UnknownCursorError(cursor);
    }
    const log = this.#logs.get(logId);
    if (!log) return { items: [], total: 0 };
    const query = {
      limit: page.limit,
      ...(page.after !== undefined ? { after: page.after } : {}),
      ...(page.before !== undefined ? { before: page.before } : {}),
    };
    return { items: log.page("desc", query), total: log.size };
  }

  async deleteRange(logId: string, range: EventRange): Promise<number> {
    return this.#logs.get(logId)?.removeRange(range.startId, range.endId) ?? 0;
  }

  async drop(logId: string): Promise<void> {
    this.#logs.delete(logId);
  }
}
