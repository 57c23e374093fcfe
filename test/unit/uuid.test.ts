import { describe, expect, it } from "vitest";
import { randomUuid } from "../../src/lib/uuid";

/** Message ids chosen in the browser, also where crypto.randomUUID is missing (plain HTTP on a local network). */
describe("randomUuid", () => {
  it("writes version 4 UUIDs the API's uuid check accepts, each new", () => {
    const secure = globalThis.isSecureContext;
    try {
      for (const context of [false, true]) {
        Object.defineProperty(globalThis, "isSecureContext", { value: context, configurable: true });
        const made = Array.from({ length: 200 }, randomUuid);
        for (const id of made)
          expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(new Set(made).size).toBe(made.length);
      }
    } finally {
      Object.defineProperty(globalThis, "isSecureContext", { value: secure, configurable: true });
    }
  });
});
