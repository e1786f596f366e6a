import { SortedList } from "./sorted-list.js";
import { type OwnedTable, type PageRequest, type PageResult, UnknownCursorError } from "./store.js";

interface Row<T> {
  seq: number;
  record: T;
}

/**
 * An in-memory {@link OwnedTable}: records by id, and per owner a list sorted by insertion.
 * Cursors are record ids, valid only on their owner's list; each owner's id-to-position map
 * outlives deletes, so a cursor stays valid after its record is gone.
 */
export class MemoryOwnedTable<T extends { id: string; owner_id: string }> implements OwnedTable<T> {
  protected readonly rows = new Map<string, Row<T>>();
  readonly #byOwner = new Map<string, SortedList<number, Row<T>>>();
  readonly #positions = new Map<string, Map<string, number>>();
  #seq = 0;

  async get(id: string): Promise<T | undefined> {
    return this.rows.get(id)?.record;
  }

  async insert(record: T): Promise<void> {
    const row = { seq: ++this.#seq, record };
    this.rows.set(record.id, row);
    let positions = this.#positions.get(record.owner_id);
    if (!positions) {
      positions = new Map();
      this.#positions.set(record.owner_id, positions);
    }
    positions.set(record.id, row.seq);
    this.#list(record.owner_id).insert(row);
  }

  async replace(record: T): Promise<boolean> {
    const row = this.rows.get(record.id);
    if (!row) return false;
    if (row.record.owner_id !== record.owner_id) throw new Error("replace: the owner of a record cannot change");
    row.record = record;
    return true;
  }

  async delete(id: string): Promise<T | undefined> {
    const row = this.rows.get(id);
    if (!row) return undefined;
    this.rows.delete(id);
    this.#byOwner.get(row.record.owner_id)?.remove(row.seq);
    return row.record;
  }

  async page(ownerId: string, page: PageRequest): Promise<PageResult<T>> {
    const list = this.#byOwner.get(ownerId);
    const query = {
      limit: page.limit,
      ...this.#bound(ownerId, "after", page.after),
      ...this.#bound(ownerId, "before", page.before),
    };
    const rows = list ? list.page("asc", query) : [];
    return { items: rows.map((row) => row.record), total: list?.size ?? 0 };
  }

  async all(ownerId: string): Promise<T[]> {
    const list = this.#byOwner.get(ownerId);
    return list ? list.page("asc", { limit: list.size }).map((row) => row.record) : [];
  }

  #bound(ownerId: string, name: "after" | "before", cursor: string | undefined) {
    if (cursor === undefined) return {};
    const seq = this.#positions.get(ownerId)?.get(cursor);
    if (seq === undefined) throw new UnknownCursorError(cursor);
    return { [name]: seq };
  }

  #list(ownerId: string): SortedList<number, Row<T>> {
    let list = this.#byOwner.get(ownerId);
    if (!list) {
      list = new SortedList<number, Row<T>>(
        (row) => row.seq,
        (a, b) => a - b,
      );
      this.#byOwner.set(ownerId, list);
    }
    return list;
  }
}
