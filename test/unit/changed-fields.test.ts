import { describe, expect, it } from "vitest";
import { changedFields } from "../../src/lib/changed-fields";

/** A partial edit sends only what the person changed from the form as it opened. */
describe("changedFields", () => {
  it("keeps the fields whose values differ from the opened ones, and only those", () => {
    const opened = { fullName: "Ngozi Obi", role: "developer", companyName: "" };
    expect(changedFields(opened, { ...opened, fullName: "Ngozi A. Obi" })).toEqual({ fullName: "Ngozi A. Obi" });
    expect(changedFields(opened, { ...opened, role: "admin", companyName: "Obi Ltd" })).toEqual({
      role: "admin",
      companyName: "Obi Ltd",
    });
  });

  it("is empty when nothing changed, and tells an emptied field from an unchanged one", () => {
    const opened = { fullName: "Kunle", companyName: "Adeyemi Logistics" };
    expect(changedFields(opened, { ...opened })).toEqual({});
    expect(changedFields(opened, { ...opened, companyName: "" })).toEqual({ companyName: "" });
  });
});
