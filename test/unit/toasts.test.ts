import { beforeEach, describe, expect, it } from "vitest";
import { toaster } from "../../src/components/Toaster";
import { ApiError } from "../../src/lib/api";
import { FALLBACK_ERROR } from "../../src/lib/form-errors";
import { TOAST } from "../../src/lib/messages";
import { failedWith, serverMessage, toastFailure, toastOutcome } from "../../src/lib/toasts";

const toasts = () => toaster.getVisibleToasts().map(({ type, title, description }) => ({ type, title, description }));

describe("an action's outcome told as a toast", () => {
  beforeEach(() => toaster.remove());

  it("tells a success in words that may follow from its result, then runs what follows it", async () => {
    const followed: string[] = [];
    await toastOutcome(Promise.resolve({ outcome: "deactivated" }), {
      saved: (result) => ({ title: result.outcome === "deleted" ? "Removed" : "Deactivated" }),
      failed: { title: "Not removed" },
      onSaved: async (result) => {
        followed.push(result.outcome);
      },
    });
    expect(toasts()).toEqual([{ type: "success", title: "Deactivated", description: undefined }]);
    expect(followed).toEqual(["deactivated"]);
  });

  it("tells a failure and settles without rejecting, so a confirmation closes; nothing follows", async () => {
    let followed = false;
    const told = toastOutcome(Promise.reject(new ApiError(409, "conflict", "Already paid.")), {
      saved: { title: "Paid" },
      failed: serverMessage,
      onSaved: () => {
        followed = true;
      },
    });
    await expect(told).resolves.toBeUndefined();
    expect(followed).toBe(false);
    expect(toasts()).toEqual([{ type: "error", title: TOAST.error, description: "Already paid." }]);
  });

  it("words a failure as the spec's text and then the reason, or says something went wrong", async () => {
    await toastOutcome(Promise.reject(new ApiError(404, "not_found", "Milestone not found.")), {
      saved: { title: TOAST.milestoneDeleted },
      failed: failedWith(TOAST.milestoneDeleteFailed),
    });
    await toastOutcome(Promise.reject(new TypeError("")), { saved: { title: "Saved" }, failed: serverMessage });
    expect(toasts().map((toast) => toast.description)).toEqual([
      FALLBACK_ERROR,
      `${TOAST.milestoneDeleteFailed}: Milestone not found.`,
    ]);
  });

  it("tells any other failure under the spec's 'Error' title, in its own words", () => {
    toastFailure(TOAST.moreInvoicesFailed);
    expect(toasts()).toEqual([{ type: "error", title: TOAST.error, description: TOAST.moreInvoicesFailed }]);
  });
});
