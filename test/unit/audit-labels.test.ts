import { describe, expect, it } from "vitest";
import { describeAction } from "../../src/features/admin/AuditPage";

describe("describeAction", () => {
  it("reads every action the server audits as a phrase", () => {
    expect(
      [
        "client.deactivate",
        "developer.reactivate",
        "booking.approve",
        "booking.cancel",
        "booking.end",
        "invoice.mark_paid",
        "plan.reorder",
        "plan.hide",
        "plan.show",
        "client.reinvite",
        "client.sign_out",
        "task.create",
      ].map(describeAction),
    ).toEqual([
      "Client deactivated",
      "Developer reactivated",
      "Booking approved",
      "Booking cancelled",
      "Booking ended",
      "Invoice marked paid",
      "Plan reordered",
      "Plan hidden",
      "Plan shown",
      "Client invited again",
      "Client signed out everywhere",
      "Task created",
    ]);
  });

  it("reads a verb it does not know in words, not as its code", () => {
    expect(describeAction("invoice.write_off")).toBe("Invoice write off");
  });
});
