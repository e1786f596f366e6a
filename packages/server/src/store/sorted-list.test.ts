import { describe, expect, it } from "vitest";
import { SortedList } from "./sorted-list.js";

const list = (n: number) => {
  const l = new SortedList<number, number>(
    (x) => x,
    (a, b) => a - b,
  );
  for (let i = 1; i <= n; i++) l.insert(i * 10);
  return l;
};

describe("SortedList", () => {
  it("pages ascending with after and before", () => {
    const l = list(10); // 10..100
    expect(l.page("asc", { limit: 3 })).toEqual([10, 20, 30]);
    expect(l.page("asc", { limit: 3, after: 30 })).toEqual([40, 50, 60]);
    expect(l.page("asc", { limit: 3, before: 60 })).toEqual([30, 40, 50]);
    expect(l.page("asc", { limit: 10, after: 20, before: 60 })).toEqual([30, 40, 50]);
    expect(l.page("asc", { limit: 3, after: 35 })).toEqual([40, 50, 60]);
  });

  it("pages descending with after (older) and before (newer)", () => {
    const l = list(10);
    expect(l.page("desc", { limit: 3 })).toEqual([100, 90, 80]);
    expect(l.page("desc", { limit: 3, after: 80 })).toEqual([70, 60, 50]);
    expect(l.page("desc", { limit: 3, before: 50 })).toEqual([80, 70, 60]);
    expect(l.page("desc", { limit: 3, after: 90, before: 20 })).toEqual([80, 70, 60]);
  });

  it("inserts out of order, removes, trims and removes ranges", () => {
    const l = list(5);
    l.insert(25);
    expect(l.page("asc", { limit: 10 })).toEqual([10, 20, 25, 30, 40, 50]);
    expect(l.remove(25)).toBe(25);
    expect(l.remove(26)).toBeUndefined();
    expect(l.trimTo(3)).toEqual([10, 20]);
    expect(l.removeRange(35, undefined)).toBe(2);
    expect(l.page("asc", { limit: 10 })).toEqual([30]);
  });

  it("answers an empty page past either end", () => {
    const l = list(3);
    expect(l.page("asc", { limit: 5, after: 30 })).toEqual([]);
    expect(l.page("desc", { limit: 5, before: 30 })).toEqual([]);
  });
});
