import { describe, expect, it } from "vitest";
import { parseReply } from "./reply.js";

describe("parseReply", () => {
  it("accepts the three kinds of answer", () => {
    expect(parseReply('{"id":1,"started":true}')).toEqual({ id: 1, started: true });
    expect(parseReply('{"id":2,"ok":true,"result":{"a":1}}')).toEqual({ id: 2, ok: true, result: { a: 1 } });
    expect(parseReply('{"id":3,"ok":false,"error":{"kind":"threw","message":"x","stack":"s"}}')).toEqual({
      id: 3,
      ok: false,
      error: { kind: "threw", message: "x", stack: "s" },
    });
  });

  it.each([
    "",
    "not json",
    "null",
    "[1]",
    '{"ok":true,"result":1}',
    '{"id":"1","ok":true,"result":1}',
    '{"id":1.5,"started":true}',
    '{"id":1,"ok":true}',
    '{"id":1,"ok":false,"error":null}',
    '{"id":1,"ok":false,"error":{"kind":1,"message":"m"}}',
    '{"id":1,"ok":false,"error":{"kind":"threw","message":"m","stack":5}}',
  ])("refuses %j", (line) => {
    expect(parseReply(line)).toBeUndefined();
  });
});
