import { describe, expect, it } from "vitest";
import { serverNodeFlags } from "../../scripts/server-command.mjs";

describe("serverNodeFlags", () => {
  it("caps the young generation on embedded PGlite, where the idle-memory bar is", () => {
    expect(serverNodeFlags({})).toContain("--max-semi-space-size=2");
    expect(serverNodeFlags({ DATABASE_URL: "" })).toContain("--max-semi-space-size=2");
  });

  it("leaves V8's young generation on PostgreSQL, where the large data set is served", () => {
    const flags = serverNodeFlags({ DATABASE_URL: "postgres://app@db/app" });
    expect(flags.some((flag) => flag.startsWith("--max-semi-space-size"))).toBe(false);
  });

  it("exposes gc in both modes, for the collection after start-up", () => {
    expect(serverNodeFlags({})).toContain("--expose-gc");
    expect(serverNodeFlags({ DATABASE_URL: "postgres://app@db/app" })).toContain("--expose-gc");
  });
});
