import { focusLost, mainLandmark, WAIT_MS } from "./keep-focus";

/** A row of a list: its item, a card, a table's row. */
const ROW = "li, article, tr";
/** What the keyboard reaches: a control, or a part made focusable (a thread that scrolls). */
const CONTROL = 'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';
/** A titled part of the page: where a reader is when nothing nearer is left. */
const SECTION = "section, [role=region], [role=dialog], [role=alertdialog]";

/**
 * Keeps a keyboard or screen-reader user's place when the control they pressed leaves with its
 * own result (Mark Complete once the milestone is complete, Approve once the booking is decided,
 * Delete with its card, Retry with the failure it was part of): browsers then drop focus to the
 * document's body, and the next Tab starts again from the top of the page. Where the control was is
 * noted when this is called: its row (a list's item, a card, a table's row; a card that is a list's
 * item is that item) with the rows beside it, or the `place` a caller names (a failed load's block,
 * src/components/LoadFailed.tsx), and the sections around it. Once `control` has left the page, if
 * focus is on the body, it goes to the first of these still there:
 * - the first control still in the row (a milestone's other action); a row that stays with nothing left
 *   to press goes on to its section's heading, not to another row's action;
 * - the first control of what took the row's or the place's place (the list a Retry loaded);
 * - for a row, the first control of the next row, else of the previous one (a deleted row's neighbours);
 * - the heading of the closest section (the section itself when a label names it: a thread, a list),
 *   made focusable;
 * - the page's main region.
 */
export function keepPlace(control: HTMLElement | null, { place: named }: { place?: HTMLElement | null } = {}) {
  if (!control) return;
  const place = named ?? rowOf(control);
  const parent = place?.parentElement ?? null;
  const before = new Set(parent?.children ?? []);
  const next = place ? siblings(place, "nextElementSibling") : [];
  const previous = place ? siblings(place, "previousElementSibling") : [];
  const sections = ancestors(control).filter((element) => element.matches(SECTION));

  const observer = new MutationObserver(() => {
    if (control.isConnected) return;
    observer.disconnect();
    if (!focusLost()) return stop();
    const target = findTarget();
    if (!target) return stop();
    if (!target.matches(":disabled")) return focusOn(target);
    // A control that waits, disabled, for the first one's write to settle (a milestone's Mark as Paid).
    const enabled = new MutationObserver(() => !target.matches(":disabled") && focusOn(target));
    enabled.observe(target, { attributes: true, attributeFilter: ["disabled"] });
    settle = () => enabled.disconnect();
  });
  let settle = () => {};
  const timer = setTimeout(() => stop(), WAIT_MS);
  function stop() {
    observer.disconnect();
    settle();
    clearTimeout(timer);
  }
  function focusOn(target: HTMLElement) {
    stop();
    if (focusLost()) target.focus();
  }
  function findTarget(): HTMLElement | null {
    const connected = (element: Element) => element.isConnected;
    if (place?.isConnected) return firstControl(place) ?? sectionHeading(sections) ?? mainLandmark();
    // A named place's neighbours are not rows: past what took its place, its section says where the reader is.
    const rows = named ? [] : [...next, ...previous].filter(connected);
    for (const row of [...arrived(), ...rows]) {
      const found = firstControl(row);
      if (found) return found;
    }
    return sectionHeading(sections) ?? mainLandmark();
  }
  /** What is new where the row was: between the rows before and after it that are still there. */
  function arrived(): Element[] {
    if (!parent?.isConnected) return [];
    const stays = (element: Element) => element.parentElement === parent;
    const from = previous.find(stays);
    const until = next.find(stays);
    const found: Element[] = [];
    for (let child = from ? from.nextElementSibling : parent.firstElementChild; child && child !== until; ) {
      if (!before.has(child)) found.push(child);
      child = child.nextElementSibling;
    }
    return found;
  }
  observer.observe(document.body, { childList: true, subtree: true });
}

/** The row `control` is in; a card that is the item of a list stands for that item, whose neighbours are rows. */
function rowOf(control: HTMLElement): HTMLElement | null {
  const row = control.closest<HTMLElement>(ROW);
  const item = row?.parentElement;
  return item && row.matches("article") && item.matches("li") ? item : row;
}

function siblings(element: Element, way: "nextElementSibling" | "previousElementSibling"): Element[] {
  const found: Element[] = [];
  for (let sibling = element[way]; sibling; sibling = sibling[way]) found.push(sibling);
  return found;
}

function ancestors(element: HTMLElement): HTMLElement[] {
  const found: HTMLElement[] = [];
  for (let parent = element.parentElement; parent; parent = parent.parentElement) found.push(parent);
  return found;
}

/**
 * The first control in `scope` (itself included) that a person can reach: not hidden, and shown. A
 * disabled one counts: the caller may wait for it.
 */
export function firstControl(scope: Element): HTMLElement | null {
  const candidates = [
    ...(scope instanceof HTMLElement && scope.matches(CONTROL) ? [scope] : []),
    ...scope.querySelectorAll<HTMLElement>(CONTROL),
  ];
  return candidates.find(reachable) ?? null;
}

function reachable(element: HTMLElement): boolean {
  if (element.closest("[hidden], [inert], [aria-hidden='true']")) return false;
  return typeof element.checkVisibility === "function" ? element.checkVisibility() : true;
}

/**
 * The heading that names the closest section still on the page (its aria-labelledby), made focusable;
 * a section named otherwise (aria-label: a thread, a list) is itself focused, as its name is read.
 */
function sectionHeading(sections: HTMLElement[]): HTMLElement | null {
  const section = sections.find((element) => element.isConnected);
  if (!section) return null;
  const labelledBy = section.getAttribute("aria-labelledby")?.split(/\s+/)[0];
  const heading = (labelledBy && document.getElementById(labelledBy)) || section;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  return heading;
}
