import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import type { NotificationKind } from "../../common/api";
import type { MailPreferences } from "../../common/mail";
import { mailPreferenceMutation, mailPreferencesQuery } from "../../src/features/settings/api";

/** Settings' e-mail switches: two flipped quickly, each answer sets only its own switch. */
const key = mailPreferencesQuery.queryKey;
const list = (message: boolean, milestoneAdded: boolean): MailPreferences => ({
  items: [
    { kind: "message", label: "New messages", enabled: message },
    { kind: "milestone_added", label: "Milestones added", enabled: milestoneAdded },
  ],
});
const shown = () =>
  Object.fromEntries((client.getQueryData(key)?.items ?? []).map((item) => [item.kind, item.enabled]));
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A flip whose save the test answers (with the server's whole list) or fails. */
function flip(kind: NotificationKind, enabled: boolean) {
  let answer: (saved: MailPreferences) => void = () => {};
  let fail: () => void = () => {};
  const saving = new Promise<MailPreferences>((resolve, reject) => {
    answer = resolve;
    fail = () => reject(new Error("refused"));
  });
  const observer = new MutationObserver(client, { ...mailPreferenceMutation(client), mutationFn: () => saving });
  observer.mutate({ kind, enabled }).catch(() => {});
  return { answer, fail };
}

let client: QueryClient;
afterEach(() => client.clear());

describe("e-mail switches flipped one after the other", () => {
  it("an answer for one does not put back the other, still being saved", async () => {
    client = new QueryClient();
    client.setQueryData(key, list(true, true));
    const first = flip("message", false);
    const second = flip("milestone_added", false);
    await settled();
    expect(shown()).toEqual({ message: false, milestone_added: false });
    first.answer(list(false, true)); // saved before the second reached the server
    await settled();
    expect(shown()).toEqual({ message: false, milestone_added: false });
    second.answer(list(false, false));
    await settled();
    expect(shown()).toEqual({ message: false, milestone_added: false });
  });

  it("a refusal of one puts back only that one, not the other, saved meanwhile", async () => {
    client = new QueryClient();
    client.setQueryData(key, list(true, true));
    const first = flip("message", false);
    const second = flip("milestone_added", false);
    await settled();
    second.answer(list(true, false));
    await settled();
    first.fail();
    await settled();
    expect(shown()).toEqual({ message: true, milestone_added: false });
  });
});
