import { describe, expect, it } from "vitest";
import { pageOf, projectSchema } from "../../common/api";
import { responseSerializer } from "../../server/http/serialize";

/** Responses are proved against their schema where tests run, and written by JSON.stringify in production. */

const project = {
  id: "3f0b5a52-8d0e-4c4b-9a43-0c1f2d3e4f50",
  title: "Store",
  description: "",
  status: "active" as const,
  progress: 40,
  startDate: "2026-01-05",
  endDate: null,
  createdAt: new Date("2026-01-05T09:30:00.123Z"),
  clientId: "client-1",
  clientName: "Chinedu Eze",
  clientCompany: null,
  clientDeactivated: false,
};

const compile = (env: "test" | "development" | "production") =>
  responseSerializer({ env })({
    schema: pageOf(projectSchema),
    method: "GET",
    url: "/api/projects",
    httpStatus: "200",
  });

describe("responseSerializer", () => {
  it("writes the same JSON in every mode for a valid page", () => {
    const page = { items: [project], next: null };
    const validated = compile("test")(page);
    expect(compile("production")(page)).toBe(validated);
    expect(JSON.parse(validated).items[0].createdAt).toBe("2026-01-05T09:30:00.123Z");
  });

  it("refuses a wrong shape in tests and development", () => {
    const wrong = { items: [{ ...project, progress: 140 }], next: null };
    expect(() => compile("test")(wrong)).toThrow();
    expect(() => compile("development")(wrong)).toThrow();
    expect(() => compile("production")(wrong)).not.toThrow();
  });
});
