import { describe, expect, it } from "vitest";
import { portalReturnPath, returnSearch, signInPath } from "../../common/return-path";

describe("where signing in returns to", () => {
  it.each(["/portal", "/portal/projects/7c1e", "/portal/admin/clients?page=3&q=Eze", "/portal?tab=x", "/portal#top"])(
    "follows the portal path %s",
    (path) => {
      expect(portalReturnPath(path)).toBe(path);
    },
  );

  it.each([
    "https://evil.example/portal",
    "//evil.example/portal",
    "/\\evil.example",
    "/portalx",
    "/auth",
    "/",
    "portal/projects",
    `/portal/${"a".repeat(500)}`,
    42,
    undefined,
  ])("ignores %j, which is not a portal path", (value) => {
    expect(portalReturnPath(value)).toBeUndefined();
  });

  it("asks /auth to return to a portal page, but not to the portal's front page, where it goes anyway", () => {
    expect(returnSearch("/portal/projects/7c1e?tab=files")).toEqual({ redirect: "/portal/projects/7c1e?tab=files" });
    expect(returnSearch("/portal")).toEqual({});
    expect(signInPath("/portal/projects/7c1e?tab=files")).toBe(
      "/auth?redirect=%2Fportal%2Fprojects%2F7c1e%3Ftab%3Dfiles",
    );
    expect(signInPath("/portal")).toBe("/auth");
    expect(signInPath("//evil.example")).toBe("/auth");
  });
});
