import { describe, expect, it } from "vitest";
import { createIdGenerator, ID_PREFIX, idKind, isId } from "./ids.js";

describe("ids", () => {
  it("makes ids with the kind's prefix and 12 base62 characters", () => {
    const newId = createIdGenerator();
    for (const kind of Object.keys(ID_PREFIX) as (keyof typeof ID_PREFIX)[]) {
      const id = newId(kind);
      expect(id.startsWith(ID_PREFIX[kind])).toBe(true);
      expect(id.slice(ID_PREFIX[kind].length)).toMatch(/^[0-9A-Za-z]{12}$/);
      expect(isId(kind, id)).toBe(true);
      expect(idKind(id)).toBe(kind);
    }
  });

  it("is deterministic for a given source of randomness", () => {
    let n = 0;
    const seq = () => (n++ % 62) / 62;
    expect(createIdGenerator(seq)("source")).toBe("dc_0123456789AB");
  });

  it.each([
    ["source", "sc_abc"],
    ["source", "dc_"],
    ["source", "dc_ab-c"],
    ["webhook", 42],
    ["user", `u_${"a".repeat(65)}`],
  ] as const)("rejects %s id %s", (kind, value) => {
    expect(isId(kind, value)).toBe(false);
  });

  it("does not mistake a subscription id for a source or workflow id", () => {
    expect(idKind("sub_abc")).toBe("subscription");
    expect(idKind("zz_abc")).toBeUndefined();
  });
});
