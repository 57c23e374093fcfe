import { describe, expect, it } from "vitest";
import type { Milestone, ProjectMessage } from "../../common/api";
import {
  acknowledgeMessage,
  applyMessageChange,
  applyMilestoneChange,
  markNotSent,
  mergeNewestPage,
  type ShownMessage,
  sortMilestones,
  type Thread,
} from "../../src/features/projects/api";

/** The cache merges of the project page: the person's own message is shown once, whatever arrives first. */
const PROJECT = "7f0c6c1e-0000-4000-8000-000000000001";
const row = (id: string, at: string, message = `m${id}`, userId = "other"): ProjectMessage => ({
  id,
  projectId: PROJECT,
  userId,
  message,
  createdAt: at,
  authorName: userId,
  authorDeactivated: false,
  authorRole: "client",
  files: [],
});
const local = (id: string, message: string): ShownMessage => ({
  ...row(id, "2030-01-01T00:00:09.000Z", message, "me"),
  local: "sending",
});
const thread = (...items: ShownMessage[]): Thread => ({ items, older: null });
const ids = (value: Thread | undefined) => value?.items.map((item) => item.id);

describe("the thread cache", () => {
  const a = row("a", "2030-01-01T00:00:01.000Z");
  const b = row("b", "2030-01-01T00:00:02.000Z");

  it("a send whose answer was lost, its push come first under its own id: shown as sent, once, not marked failed", () => {
    const sending = thread(a, local("7f0c6c1e-0000-4000-8000-0000000000aa", "Hi"));
    const mine = row("7f0c6c1e-0000-4000-8000-0000000000aa", "2030-01-01T00:00:03.000Z", "Hi", "me");
    const pushed = applyMessageChange(sending, { op: "insert", row: mine } as never) as Thread;
    expect(ids(pushed)).toEqual(["a", mine.id]);
    const after = markNotSent(pushed.items, mine.id);
    expect(after.find((item) => item.id === mine.id)?.local).toBeUndefined();
    // Still pending when the failure came: marked not sent, its text kept for Retry.
    expect(markNotSent(sending.items, mine.id).find((item) => item.id === mine.id)).toMatchObject({
      local: "failed",
      message: "Hi",
    });
  });

  it("a refetch that brings a 'Not sent' message's row (its answer was lost) shows it once, as sent", () => {
    const id = "7f0c6c1e-0000-4000-8000-0000000000bb";
    const failed = thread(a, { ...local(id, "Hi"), local: "failed" });
    const mine = row(id, "2030-01-01T00:00:03.000Z", "Hi", "me");
    const merged = mergeNewestPage(failed, { items: [mine, a], next: null });
    expect(ids(merged)).toEqual(["a", id]);
    expect(merged.items.find((item) => item.id === id)?.local).toBeUndefined();
    // Still undelivered after the refetch: kept, with its Retry.
    expect(mergeNewestPage(failed, { items: [a], next: null }).items.at(-1)).toMatchObject({ id, local: "failed" });
  });

  it("answer first, then the push: one message", () => {
    const sending = thread(a, local("local-1", "Hi"));
    const mine = row("c", "2030-01-01T00:00:03.000Z", "Hi", "me");
    const acknowledged = acknowledgeMessage(sending, "local-1", mine);
    expect(ids(acknowledged)).toEqual(["a", "c"]);
    const pushed = applyMessageChange(acknowledged, { type: "change", key: [], op: "insert", row: mine });
    expect(ids(pushed)).toEqual(["a", "c"]);
    expect(pushed?.items.every((item) => !item.local)).toBe(true);
  });

  it("push first, then the answer: one message, in the sending one's place (the id it was sent with)", () => {
    const sending = thread(a, local("c", "Hi"));
    const mine = row("c", "2030-01-01T00:00:03.000Z", "Hi", "me");
    const pushed = applyMessageChange(sending, { type: "change", key: [], op: "insert", row: mine });
    expect(ids(pushed)).toEqual(["a", "c"]);
    expect(pushed?.items.every((item) => !item.local)).toBe(true);
    expect(ids(acknowledgeMessage(pushed as Thread, "c", mine))).toEqual(["a", "c"]);
  });

  it("the same text from the person's other tab does not take the place of the one on its way here", () => {
    const sending = thread(a, local("local-1", "Hi"));
    const elsewhere = row("c", "2030-01-01T00:00:03.000Z", "Hi", "me");
    const pushed = applyMessageChange(sending, { type: "change", key: [], op: "insert", row: elsewhere });
    expect(ids(pushed)).toEqual(["a", "c", "local-1"]);
    expect(pushed?.items.find((item) => item.id === "local-1")?.local).toBe("sending");
  });

  it("someone else's message lands before the person's own still on its way", () => {
    const sending = thread(a, local("local-1", "Hi"));
    const pushed = applyMessageChange(sending, { type: "change", key: [], op: "insert", row: b });
    expect(ids(pushed)).toEqual(["a", "b", "local-1"]);
  });

  it("a failed message is not taken by a push of the same text", () => {
    const failed = thread(a, { ...local("local-1", "Hi"), local: "failed" });
    const same = row("c", "2030-01-01T00:00:03.000Z", "Hi", "me");
    expect(ids(applyMessageChange(failed, { type: "change", key: [], op: "insert", row: same }))).toEqual([
      "a",
      "c",
      "local-1",
    ]);
  });

  const report = {
    id: "7f0c6c1e-0000-4000-8000-0000000000f1",
    name: "report.pdf",
    size: 10,
    contentType: "application/pdf",
  };
  const photo = { id: "7f0c6c1e-0000-4000-8000-0000000000f2", name: "photo.png", size: 20, contentType: "image/png" };

  it("a push of the person's own files-only message takes the place of the one sent with its id", () => {
    const sending = thread(a, { ...local("local-1", ""), files: [report] }, { ...local("c", ""), files: [photo] });
    const mine = { ...row("c", "2030-01-01T00:00:03.000Z", "", "me"), files: [photo] };
    const pushed = applyMessageChange(sending, { type: "change", key: [], op: "insert", row: mine });
    expect(ids(pushed)).toEqual(["a", "c", "local-1"]);
  });

  it("an update (one of its files deleted) replaces the message in place", () => {
    const withFile = { ...row("c", "2030-01-01T00:00:03.000Z", "See attached", "me"), files: [report] };
    const removed = { ...withFile, files: [{ id: null, name: "report.pdf", size: null, contentType: null }] };
    const updated = applyMessageChange(thread(a, withFile, b), { type: "change", key: [], op: "update", row: removed });
    expect(ids(updated)).toEqual(["a", "b", "c"]);
    expect(updated?.items.find((item) => item.id === "c")?.files).toEqual(removed.files);
  });
});

describe("the milestone list", () => {
  const milestone = (id: string, dueDate: string | null, createdAt: string): Milestone => ({
    id,
    projectId: PROJECT,
    title: id,
    description: "",
    amountMinor: 100,
    dueDate,
    status: "pending",
    paymentStatus: "unpaid",
    paidDate: null,
    createdBy: "u",
    creatorName: "U",
    createdAt,
    updatedAt: createdAt,
  });

  it("orders by due date, those without one last, then by when they were added", () => {
    const list = [
      milestone("none", null, "2030-01-01T00:00:00Z"),
      milestone("late", "2031-01-01", "2030-01-01T00:00:00Z"),
      milestone("early-2", "2030-06-01", "2030-01-02T00:00:00Z"),
      milestone("early-1", "2030-06-01", "2030-01-01T00:00:00Z"),
    ];
    expect(sortMilestones(list).map((item) => item.id)).toEqual(["early-1", "early-2", "late", "none"]);
  });

  it("a push does not overwrite a milestone whose change is still pending", () => {
    const pending = { ...milestone("m", null, "2030-01-01T00:00:00Z"), status: "completed" as const, pending: true };
    const stale = milestone("m", null, "2030-01-01T00:00:00Z");
    expect(applyMilestoneChange([pending], { type: "change", key: [], op: "update", row: stale })).toEqual([pending]);
  });
});
