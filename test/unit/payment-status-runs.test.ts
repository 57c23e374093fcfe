import { describe, expect, it } from "vitest";
import { runsOfPage } from "../../server/data/payments";

/**
 * The payments table by status reads only the runs a page reaches (server/data/payments.ts): each
 * page's runs and starting points, against the same page cut from the whole table laid out in full.
 */
function pageFromLayout(sizes: number[], kept: boolean[], dir: "asc" | "desc", offset: number, pageSize: number) {
  const rows = sizes.flatMap((size, run) => (kept[run] ? Array.from({ length: size }, (_, at) => ({ run, at })) : []));
  const ordered = dir === "asc" ? rows : rows.reverse().map(({ run, at }) => ({ run, at: (sizes[run] ?? 0) - 1 - at }));
  const page = ordered.slice(offset, offset + pageSize);
  // Each run the page reaches, from the first of its rows on the page.
  const reached = new Map<number, number>();
  for (const { run, at } of page) if (!reached.has(run)) reached.set(run, at);
  return [...reached].map(([run, from]) => ({ run, offset: from }));
}

describe("runsOfPage", () => {
  const layouts: [number[], boolean[]][] = [
    [
      [3, 0, 7, 2],
      [true, true, true, true],
    ],
    [
      [3, 5, 7, 2],
      [true, true, false, true],
    ],
    [
      [0, 0, 4, 0],
      [false, false, true, false],
    ],
    [
      [30, 1, 1, 30],
      [true, true, true, true],
    ],
    [
      [0, 0, 0, 0],
      [true, true, true, true],
    ],
  ];
  it("reaches the runs a page covers, from where the page starts in each, both ways, past the end too", () => {
    let checked = 0;
    for (const [sizes, kept] of layouts)
      for (const dir of ["asc", "desc"] as const)
        for (const pageSize of [1, 2, 5])
          for (let offset = 0; offset <= sizes.reduce((sum, size) => sum + size, 0) + pageSize; offset += 1) {
            expect(
              runsOfPage(sizes, kept, dir, offset, pageSize),
              `${sizes} ${kept} ${dir} ${offset} ${pageSize}`,
            ).toEqual(pageFromLayout(sizes, kept, dir, offset, pageSize));
            checked += 1;
          }
    expect(checked).toBeGreaterThan(500);
  });

  it("skips whole runs before the page by their sizes", () => {
    expect(runsOfPage([100, 200, 300, 400], [true, true, true, true], "asc", 350, 25)).toEqual([
      { run: 2, offset: 50 },
    ]);
    expect(runsOfPage([100, 200, 300, 400], [true, true, true, true], "desc", 390, 25)).toEqual([
      { run: 3, offset: 390 },
      { run: 2, offset: 0 },
    ]);
    expect(runsOfPage([100, 200, 300, 400], [true, false, true, true], "asc", 95, 25)).toEqual([
      { run: 0, offset: 95 },
      { run: 2, offset: 0 },
    ]);
  });
});
