import { describe, expect, it } from "vitest";
import { slugify, uniqueSlug } from "./slug.js";

describe("slugs", () => {
  it.each([
    ["New GitHub Stars!", "new-github-stars"],
    ["  Café  Déjà vu ", "cafe-deja-vu"],
    ["***", "source"],
    ["a".repeat(100), "a".repeat(64)],
  ])("slugify(%j) is %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("appends -1, -2, ... until the slug is free", async () => {
    const taken = new Set(["rss", "rss-1"]);
    expect(await uniqueSlug("RSS", async (s) => taken.has(s))).toBe("rss-2");
  });
});
