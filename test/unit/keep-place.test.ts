// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { keepPlace } from "../../src/lib/keep-place";

/**
 * Where the keyboard's focus goes when the control pressed leaves the page with its result
 * (src/lib/keep-place.ts): never to the document's body, and to the page's main region only when
 * nothing nearer is left.
 */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const focused = () => document.activeElement;
const byId = (id: string) => document.getElementById(id) as HTMLElement;

/** A page: a section titled by its heading, holding a list of rows with a View link and a Delete button each. */
function page(rows: string[], { section = true } = {}) {
  const items = rows
    .map(
      (row) =>
        `<li id="${row}"><a href="/${row}" id="view-${row}">View</a><button id="delete-${row}">Delete</button></li>`,
    )
    .join("");
  const list = `<ul id="list">${items}</ul>`;
  document.body.innerHTML = `<main tabindex="-1">${
    section ? `<section aria-labelledby="title"><h2 id="title">Things</h2>${list}</section>` : list
  }</main>`;
}

/** Presses the row's Delete (it takes the focus), then takes the row away as its write would. */
async function deleteRow(row: string, change: () => void = () => byId(row).remove()) {
  const button = byId(`delete-${row}`);
  button.focus();
  keepPlace(button);
  change();
  await settled();
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("keepPlace, when the row itself left", () => {
  it("goes to the first control of the next row", async () => {
    page(["a", "b", "c"]);
    await deleteRow("b");
    expect(focused()).toBe(byId("view-c"));
  });

  it("goes to the previous row's when the last row left", async () => {
    page(["a", "b", "c"]);
    await deleteRow("c");
    expect(focused()).toBe(byId("view-b"));
  });

  it("goes to the next row still there when its neighbour left with it", async () => {
    page(["a", "b", "c", "d"]);
    await deleteRow("b", () => {
      byId("b").remove();
      byId("c").remove();
    });
    expect(focused()).toBe(byId("view-d"));
  });

  it("is not drawn to a row a refreshed page added at its end", async () => {
    page(["a", "b", "c"]);
    await deleteRow("b", () => {
      byId("b").remove();
      byId("list").insertAdjacentHTML("beforeend", '<li id="d"><a href="/d" id="view-d">View</a></li>');
    });
    expect(focused()).toBe(byId("view-c"));
  });

  it("treats a card that is a list's item as that item", async () => {
    document.body.innerHTML = `<main tabindex="-1"><ul>${["a", "b"]
      .map((id) => `<li id="${id}"><article><h3>${id}</h3><button id="delete-${id}">Delete</button></article></li>`)
      .join("")}</ul></main>`;
    await deleteRow("a");
    expect(focused()).toBe(byId("delete-b"));
  });

  it("goes to the section's heading when the list went with its last row, and only then to main", async () => {
    page(["a"]);
    await deleteRow("a", () =>
      byId("list").replaceWith(Object.assign(document.createElement("p"), { textContent: "None" })),
    );
    expect(focused()).toBe(byId("title"));
    expect(byId("title").getAttribute("tabindex")).toBe("-1");

    page(["a"], { section: false });
    await deleteRow("a", () => byId("list").remove());
    expect(focused()).toBe(document.querySelector("main"));
  });

  it("leaves the focus where the person took it meanwhile", async () => {
    page(["a", "b", "c"]);
    await deleteRow("b", () => {
      byId("view-a").focus();
      byId("b").remove();
    });
    expect(focused()).toBe(byId("view-a"));
  });
});

describe("keepPlace, when only the control left", () => {
  it("goes to the row's other control", async () => {
    page(["a", "b"]);
    await deleteRow("a", () => byId("delete-a").remove());
    expect(focused()).toBe(byId("view-a"));
  });

  it("goes to the section's heading, not to another row's action, when the row has nothing left to press", async () => {
    page(["a", "b"]);
    await deleteRow("a", () => {
      byId("view-a").remove();
      byId("delete-a").remove();
    });
    expect(focused()).toBe(byId("title"));
  });
});

describe("keepPlace with a named place (a failed load's Retry)", () => {
  it("goes to the first control of what took its place", async () => {
    document.body.innerHTML = `<main tabindex="-1"><section aria-labelledby="title"><h2 id="title">Milestones</h2>
      <div id="failed"><p>Could not be loaded.</p><button id="retry">Retry</button></div><p>Later</p></section></main>`;
    const retry = byId("retry");
    retry.focus();
    keepPlace(retry, { place: byId("failed") });
    byId("failed").outerHTML = '<ul><li><h3>Design</h3><button id="loaded">Mark as Paid</button></li></ul>';
    await settled();
    expect(focused()).toBe(byId("loaded"));
  });

  it("goes to its section's heading while what took its place has no control (a skeleton), not to what follows", async () => {
    document.body.innerHTML = `<main tabindex="-1"><section aria-labelledby="title"><h2 id="title">Messages</h2>
      <div id="failed"><p>Could not be loaded.</p><button id="retry">Retry</button></div>
      <form><textarea id="composer"></textarea></form></section></main>`;
    const retry = byId("retry");
    retry.focus();
    keepPlace(retry, { place: byId("failed") });
    byId("failed").outerHTML = '<div aria-busy="true"><p role="status">Loading messages</p></div>';
    await settled();
    expect(focused()).toBe(byId("title"));
  });

  it("goes to a thread that scrolls (a region focusable by itself) when what left has no row", async () => {
    document.body.innerHTML = `<main tabindex="-1"><section aria-labelledby="title"><h2 id="title">Messages</h2>
      <div role="region" aria-label="Message thread" tabindex="0" id="thread"><div><button id="older">Load older</button></div>
      <ul><li>Hello</li></ul></div></section></main>`;
    const older = byId("older");
    older.focus();
    keepPlace(older);
    older.parentElement?.remove();
    await settled();
    expect(focused()).toBe(byId("thread"));
  });
});
