import { describe, expect, it } from "vitest";
import type { Page } from "../../common/api";
import { placeRow, readShownPages } from "../../src/lib/shown-pages";

/** A cursor list of `count` rows, newest first, answering at most `serverMax` rows a page; records each limit asked. */
function list(count: number, serverMax = 100) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `r${String(count - i).padStart(4, "0")}`,
    createdAt: new Date(Date.UTC(2030, 0, 1) + (count - i) * 1000).toISOString(),
  }));
  const asked: number[] = [];
  const fetchPage = async (limit: number, cursor: string | null): Promise<Page<(typeof rows)[number]>> => {
    asked.push(limit);
    const start = cursor ? rows.findIndex((row) => row.id === cursor) + 1 : 0;
    const items = rows.slice(start, start + Math.min(limit, serverMax));
    const last = items.at(-1);
    return { items, next: last && start + items.length < rows.length ? last.id : null };
  };
  return { rows, asked, fetchPage };
}

describe("readShownPages", () => {
  it("reads the first page when nothing is shown yet", async () => {
    const { rows, asked, fetchPage } = list(30);
    const read = await readShownPages(undefined, 12, fetchPage);
    expect(read.items).toEqual(rows.slice(0, 12));
    expect(read.next).toBe(rows[11]?.id);
    expect(asked).toEqual([12]);
  });

  it("reads as many rows as are shown, past the first page, a hundred at most a request", async () => {
    const { rows, asked, fetchPage } = list(300);
    const read = await readShownPages({ items: rows.slice(0, 230), next: "x" }, 24, fetchPage);
    expect(read.items).toEqual(rows.slice(0, 230));
    expect(asked).toEqual([100, 100, 30]);
  });

  it("stops at the end of the list, or at a page shorter than asked", async () => {
    // Sixty shown, forty left (some deleted meanwhile): one request, and no page after.
    const ended = list(40);
    const afterDeletes = await readShownPages({ items: list(60).rows, next: null }, 24, ended.fetchPage);
    expect(afterDeletes).toEqual({ items: ended.rows, next: null });
    expect(ended.asked).toEqual([60]);
    const short = list(300, 50);
    const read = await readShownPages({ items: short.rows.slice(0, 120), next: "x" }, 24, short.fetchPage);
    expect(read.items).toHaveLength(50);
    expect(short.asked).toEqual([100]);
  });
});

describe("placeRow", () => {
  const { rows } = list(6);
  const change = (op: "insert" | "update" | "delete", row: { id: string }) =>
    ({ type: "change", key: ["list"], op, row }) as const;
  const [newest, , third, , fifth] = rows as [
    (typeof rows)[number],
    unknown,
    (typeof rows)[number],
    unknown,
    (typeof rows)[number],
  ];

  it("places a new row in the order, unless it belongs to a page not loaded", () => {
    const shown = { items: [newest, third], next: third.id };
    expect(placeRow(shown, change("insert", rows[1] as never))?.items.map((row) => row.id)).toEqual([
      newest.id,
      rows[1]?.id,
      third.id,
    ]);
    expect(placeRow(shown, change("insert", fifth))).toBe(shown);
    expect(placeRow({ ...shown, next: null }, change("insert", fifth))?.items.at(-1)).toBe(fifth);
  });

  it("replaces a shown row by id, merged as asked, and drops a deleted one", () => {
    const shown = { items: [newest, third], next: null };
    const edited = { ...third, note: "edited" };
    expect(placeRow(shown, change("update", edited))?.items[1]).toEqual(edited);
    expect(placeRow(shown, change("update", edited), (before) => before)?.items[1]).toBe(third);
    expect(placeRow(shown, change("delete", { id: newest.id }))?.items).toEqual([third]);
  });
});
