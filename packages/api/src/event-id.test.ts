import { describe, expect, it } from "vitest";
import { compareEventIds, createEventIdSequence, isEventId, parseEventId } from "./event-id.js";

describe("event ids", () => {
  it("parses <epoch_ms>-<sequence>", () => {
    expect(parseEventId("1234567890123-0")).toEqual({ ms: 1234567890123, seq: 0 });
    expect(parseEventId("1234567890123")).toBeUndefined();
    expect(isEventId("1-2-3")).toBe(false);
    expect(isEventId("abc-1")).toBe(false);
  });

  it("orders by time, then by sequence, numerically", () => {
    const ids = ["1000-10", "999-0", "1000-2", "1000-0"];
    expect([...ids].sort(compareEventIds)).toEqual(["999-0", "1000-0", "1000-2", "1000-10"]);
    expect(compareEventIds("5-1", "5-1")).toBe(0);
    expect(() => compareEventIds("x", "5-1")).toThrow(TypeError);
  });

  it("counts up within a millisecond and never goes backwards", () => {
    const next = createEventIdSequence();
    expect([next(100), next(100), next(101), next(99), next(101)]).toEqual([
      "100-0",
      "100-1",
      "101-0",
      "101-1",
      "101-2",
    ]);
  });
});
