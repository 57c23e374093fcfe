import { describe, expect, it } from "vitest";
import { isUsualPath } from "../../server/http/usual-path";

describe("isUsualPath", () => {
  it.each([
    "/",
    "/api/me",
    "/portal/projects/0cf7d1fd-dcbd-4399-b615-affe38058f7d",
    "/assets/index-DmX2hWgZ.js",
    "/no%20such%20page",
    "/files/%E2%82%A6-price.pdf",
    "/a.b/c..d/.well-known",
  ])("takes %s as browsers write it", (path) => {
    expect(isUsualPath(path)).toBe(true);
  });

  it.each([
    "/%61pi/me",
    "/api%2Fme",
    "/api/%2e%2e/me",
    "/api/auth/reset-password/../list-sessions",
    "/api/./me",
    "/api/..",
    "/api\\me",
    "/%7Euser",
    "http://host/api/me",
    "",
  ])("refuses %s", (path) => {
    expect(isUsualPath(path)).toBe(false);
  });
});
