import { describe, expect, it } from "vitest";
import { clientLabel } from "../../src/features/projects/format";
import { assigneeOf } from "../../src/features/tasks/TaskCardParts";

describe("names on what a person owns (issue #7 item 3)", () => {
  it("mark a deactivated client on their project", () => {
    const project = { clientName: "Kunle Adeyemi", clientCompany: "Adeyemi Logistics" };
    expect(clientLabel({ ...project, clientDeactivated: false })).toBe("Kunle Adeyemi · Adeyemi Logistics");
    expect(clientLabel({ ...project, clientDeactivated: true })).toBe(
      "Kunle Adeyemi (deactivated) · Adeyemi Logistics",
    );
  });

  it("mark a deactivated assignee on their task, and say when nobody holds it", () => {
    expect(assigneeOf({ assigneeName: "Tunde Bakare", assigneeDeactivated: false })).toBe("Tunde Bakare");
    expect(assigneeOf({ assigneeName: "Tunde Bakare", assigneeDeactivated: true })).toBe("Tunde Bakare (deactivated)");
    expect(assigneeOf({ assigneeName: null, assigneeDeactivated: false })).toBe("Unassigned");
  });
});
