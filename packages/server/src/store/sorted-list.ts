/** Where a page starts and ends, in list order. */
export interface PageQuery<K> {
  limit: number;
  /** Items strictly after this key, in list order. */
  after?: K;
  /** Items strictly before this key, in list order: the `limit` nearest to it. */
  before?: K;
}

/**
 * Items kept sorted by a key, paged in O(log n + page size). Keys of removed items still work
 * as page bounds, because a bound is a position in the order, not an item.
 */
export class SortedList<K, T> {
  readonly #items: T[] = [];
  constructor(
    private readonly keyOf: (item: T) => K,
    private readonly compare: (a: K, b: K) => number,
  ) {}

  get size(): number {
    return this.#items.length;
  }

  /** Adds an item; appending in key order costs O(1). */
  insert(item: T): void {
    const key = this.keyOf(item);
    const last = this.#items.at(-1);
    if (last === undefined || this.compare(this.keyOf(last), key) < 0) this.#items.push(item);
    else this.#items.splice(this.#lowerBound(key), 0, item);
  }

  /** Removes the item with this key, if any. */
  remove(key: K): T | undefined {
    const index = this.#lowerBound(key);
    const item = this.#items[index];
    if (item === undefined || this.compare(this.keyOf(item), key) !== 0) return undefined;
    this.#items.splice(index, 1);
    return item;
  }

  /** Removes items from the oldest end until at most `max` remain; returns those removed. */
  trimTo(max: number): T[] {
    return this.#items.length > max ? this.#items.splice(0, this.#items.length - max) : [];
  }

  /** Removes every item whose key is within [from, to] (either bound open when undefined). */
  removeRange(from: K | undefined, to: K | undefined): number {
    const start = from === undefined ? 0 : this.#lowerBound(from);
    const end = to === undefined ? this.#items.length : this.#upperBound(to);
    if (end <= start) return 0;
    return this.#items.splice(start, end - start).length;
  }

  /** One page in ascending (`asc`) or descending (`desc`) key order. */
  page(order: "asc" | "desc", query: PageQuery<K>): T[] {
    // Work in ascending indexes: [lo, hi) is the window the bounds allow.
    let lo = 0;
    let hi = this.#items.length;
    const { after, before } = query;
    if (order === "asc") {
      if (after !== undefined) lo = this.#upperBound(after);
      if (before !== undefined) hi = this.#lowerBound(before);
    } else {
      if (after !== undefined) hi = this.#lowerBound(after);
      if (before !== undefined) lo = this.#upperBound(before);
    }
    if (hi <= lo) return [];
    // Take from the end nearest `after` (or the start of the list); from `before` when only it is given.
    const fromStart =
      order === "asc" ? !(before !== undefined && after === undefined) : before !== undefined && after === undefined;
    const slice = fromStart
      ? this.#items.slice(lo, Math.min(hi, lo + query.limit))
      : this.#items.slice(Math.max(lo, hi - query.limit), hi);
    return order === "asc" ? slice : slice.reverse();
  }

  /** First index whose key is >= key. */
  #lowerBound(key: K): number {
    let lo = 0;
    let hi = this.#items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.keyOf(this.#items[mid] as T), key) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First index whose key is > key. */
  #upperBound(key: K): number {
    let lo = 0;
    let hi = this.#items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.keyOf(this.#items[mid] as T), key) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
