import { describe, expect, it } from "vitest";
import { ListQuery } from "./common.js";
import { EventSummary } from "./event.js";
import { CurrentUser, isPaidUser } from "./user.js";
import { CreateWebhookQuery, isWebhookUrl } from "./webhook.js";

describe("wire schemas", () => {
  it("reads limit from a query string or a JSON number", () => {
    expect(ListQuery.parse({ limit: "25" }).limit).toBe(25);
    expect(ListQuery.parse({ limit: 25 }).limit).toBe(25);
    for (const bad of ["0", "101", "2.5", "", "ten", 0.5])
      expect(ListQuery.safeParse({ limit: bad }).success).toBe(false);
  });

  it.each([
    ["https://example.com", true],
    ["http://localhost:3000/a?b=c", true],
    ["example.com", false],
    ["ws://example.com", false],
    ["http:///path", false],
    ["https://u:p@example.com", false],
  ])("webhook url %s is valid: %s", (url, valid) => {
    expect(isWebhookUrl(url)).toBe(valid);
    expect(CreateWebhookQuery.safeParse({ url }).success).toBe(valid);
  });

  it("accepts event summaries with metadata beside or inside the event", () => {
    const metadata = { emit_id: "e", name: "", emitter_id: "dc_a" };
    expect(EventSummary.safeParse({ id: "1-0", indexed_at_ms: 1, event: { a: 1 }, metadata }).success).toBe(true);
    expect(EventSummary.safeParse({ id: "1-0", indexed_at_ms: 1, event: { a: 1, metadata } }).success).toBe(true);
  });

  it("tells the paid form of the current user from the free form", () => {
    const paid = CurrentUser.parse({
      id: "u_a",
      username: "a",
      email: "a@b.c",
      billing_period_start_ts: 1,
      billing_period_end_ts: 2,
      billing_period_credits: 3,
    });
    expect(isPaidUser(paid)).toBe(true);
  });
});
