import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { putSavedRow } from "../../src/lib/saved-row";

/** An edit's answer takes its row's place in every cached list, so the form opened next edits that version. */
describe("putSavedRow", () => {
  it("replaces the row in each cached list under the key, whatever its filters, and leaves others alone", () => {
    const client = new QueryClient();
    const old = { id: "t1", updatedAt: "2030-01-01T00:00:00.000Z" };
    const other = { id: "t2", updatedAt: "2030-01-01T00:00:00.000Z" };
    const pages = { pages: [{ items: [other] }, { items: [old] }], pageParams: [null, "c"] };
    client.setQueryData(["admin", "tasks", "list", {}], pages);
    client.setQueryData(["admin", "tasks", "list", { status: "todo" }], pages);
    client.setQueryData(["admin", "services"], { pages: [{ items: [old] }], pageParams: [1] });
    const saved = { id: "t1", updatedAt: "2030-01-02T00:00:00.000Z" };
    putSavedRow(client, ["admin", "tasks", "list"], saved);
    for (const filters of [{}, { status: "todo" }]) {
      const data = client.getQueryData<typeof pages>(["admin", "tasks", "list", filters]);
      expect(data?.pages.flatMap((page) => page.items)).toEqual([other, saved]);
    }
    expect(client.getQueryData<typeof pages>(["admin", "services"])?.pages[0]?.items).toEqual([old]);
  });
});
