import { describe, expect, it } from "vitest";
import { KeyedLock } from "./keyed-lock.js";

describe("KeyedLock", () => {
  it("runs work for one key in order, one at a time, and other keys freely", async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    const step = (name: string) => async () => {
      log.push(`${name} start`);
      await new Promise((resolve) => setImmediate(resolve));
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([
      lock.run("a", step("a1")),
      lock.run("a", step("a2")),
      lock.run("b", step("b1")),
    ]);
    expect(results).toEqual(["a1", "a2", "b1"]);
    expect(log.indexOf("a1 end")).toBeLessThan(log.indexOf("a2 start"));
    expect(log.indexOf("b1 start")).toBeLessThan(log.indexOf("a1 end"));
  });

  it("keeps going after a failure", async () => {
    const lock = new KeyedLock();
    await expect(lock.run("a", async () => Promise.reject(new Error("x")))).rejects.toThrow("x");
    await expect(lock.run("a", async () => 1)).resolves.toBe(1);
  });
});
