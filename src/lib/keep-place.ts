import { focusLost, mainLandmark, WAIT_MS } from "./keep-focus";

/**
 * Keeps a keyboard or screen-reader user's place when the control they pressed leaves with its
 * own result (Mark Complete once the milestone is complete, Approve once the booking is decided,
 * Delete with its card): browsers then drop focus to the document's body, and the next Tab starts
 * again from the top of the page. Once `control` has left the page, if focus is on the body, it
 * goes to the first control still in the row or card it was in (a milestone's other action), else
 * to the page's main region.
 */
export function keepPlace(control: HTMLElement | null) {
  if (!control) return;
  const place = control.closest<HTMLElement>("li, article, tr");
  const observer = new MutationObserver(() => {
    if (control.isConnected) return;
    observer.disconnect();
    if (!focusLost()) return stop();
    const next = place?.isConnected ? place.querySelector<HTMLButtonElement>("button, a[href]") : null;
    if (!next) return focusMain();
    if (!next.matches(":disabled")) return focusOn(next);
    // The row's other action waits, disabled, for the first one's write to settle (a milestone's Mark as Paid).
    const enabled = new MutationObserver(() => !next.matches(":disabled") && focusOn(next));
    enabled.observe(next, { attributes: true, attributeFilter: ["disabled"] });
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
  function focusMain() {
    stop();
    mainLandmark()?.focus();
  }
  observer.observe(document.body, { childList: true, subtree: true });
}
