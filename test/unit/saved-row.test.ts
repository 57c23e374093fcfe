import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { dropSavedRow, putSavedRow } from "../../src/lib/saved-row";

const old = { id: "t1", updatedAt: "2030-01-01T00:00:00.000Z" };
const other = { id: "t2", updatedAt: "2030-01-01T00:00:00.000Z" };
const saved = { id: "t1", updatedAt: "2030-01-02T00:00:00.000Z" };

/** An edit's answer takes its row's place in every cached list, so the form opened next edits that version. */
describe("putSavedRow", () => {
  it("replaces the row in each cached list under the key, whatever its filters, and leaves others alone", () => {
    const client = new QueryClient();
    const pages = { pages: [{ items: [other] }, { items: [old] }], pageParams: [null, "c"] };
    client.setQueryData(["admin", "tasks", "list", {}], pages);
    client.setQueryData(["admin", "tasks", "list", { status: "todo" }], pages);
    client.setQueryData(["admin", "services"], { pages: [{ items: [old] }], pageParams: [1] });
    putSavedRow(client, ["admin", "tasks", "list"], saved);
    for (const filters of [{}, { status: "todo" }]) {
      const data = client.getQueryData<typeof pages>(["admin", "tasks", "list", filters]);
      expect(data?.pages.flatMap((page) => page.items)).toEqual([other, saved]);
    }
    expect(client.getQueryData<typeof pages>(["admin", "services"])?.pages[0]?.items).toEqual([old]);
  });

  it("replaces it in an admin table's page and in a plain array, and leaves a table's totals alone", () => {
    const client = new QueryClient();
    const totals = { revenue: 5, paidCount: 1 };
    client.setQueryData(["admin", "payments", "table", { page: 1 }], { items: [old, other], total: 2, page: 1 });
    client.setQueryData(["admin", "payments", "totals"], totals);
    client.setQueryData(["admin", "plans"], [other, old]);
    putSavedRow(client, ["admin", "payments"], saved);
    putSavedRow(client, ["admin", "plans"], saved);
    expect(client.getQueryData(["admin", "payments", "table", { page: 1 }])).toEqual({
      items: [saved, other],
      total: 2,
      page: 1,
    });
    expect(client.getQueryData(["admin", "payments", "totals"])).toBe(totals);
    expect(client.getQueryData(["admin", "plans"])).toEqual([other, saved]);
  });
});

/** A deleted row leaves every cached list at once. */
describe("dropSavedRow", () => {
  it("removes the row from infinite lists, table pages and arrays under the key", () => {
    const client = new QueryClient();
    client.setQueryData(["admin", "tasks", "list", {}], {
      pages: [{ items: [other] }, { items: [old] }],
      pageParams: [null, "c"],
    });
    client.setQueryData(["admin", "tasks", "table"], { items: [old, other], total: 2 });
    client.setQueryData(["admin", "tasks", "options"], [old, other]);
    client.setQueryData(["admin", "services"], [old]);
    dropSavedRow(client, ["admin", "tasks"], old.id);
    expect(client.getQueryData(["admin", "tasks", "list", {}])).toEqual({
      pages: [{ items: [other] }, { items: [] }],
      pageParams: [null, "c"],
    });
    // A table page's total follows the rows it lost.
    expect(client.getQueryData(["admin", "tasks", "table"])).toEqual({ items: [other], total: 1 });
    expect(client.getQueryData(["admin", "tasks", "options"])).toEqual([other]);
    expect(client.getQueryData(["admin", "services"])).toEqual([old]);
  });

  it("leaves a cached list of things that are not rows as it is", () => {
    const client = new QueryClient();
    const choices = ["t1", "t2"];
    client.setQueryData(["admin", "tasks", "choices"], choices);
    client.setQueryData(["admin", "tasks", "mixed"], { items: [old, null] });
    dropSavedRow(client, ["admin", "tasks"], old.id);
    expect(client.getQueryData(["admin", "tasks", "choices"])).toBe(choices);
    expect(client.getQueryData(["admin", "tasks", "mixed"])).toEqual({ items: [old, null] });
  });
});
