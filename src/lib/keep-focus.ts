/**
 * How long a control's coming back is awaited: past it, the action has failed or changed nothing
 * (src/lib/keep-place.ts waits as long for a control to leave).
 */
export const WAIT_MS = 15_000;

/** Whether the keyboard's focus has fallen to the document's body (its control left, or was disabled). */
export const focusLost = (root: Document = document) => !root.activeElement || root.activeElement === root.body;

/** The page's main landmark (focusable, tabindex -1): where a lost focus goes when nothing nearer is left. */
export const mainLandmark = () => document.querySelector<HTMLElement>("main[tabindex]");

/**
 * Keeps the keyboard focus of a control disabled while it works: Chakra's `loading` disables a button
 * (a form's submit, Save, Download), and a focused control that is disabled drops the focus to the
 * page's body, so a keyboard user who pressed Save found the next Tab back at the top of the page.
 * Installed once for the whole app: when focus leaves a control because it was disabled, the control
 * gets it back once it is enabled again, if nothing has taken it meanwhile. A control that leaves the
 * page with its result is its screen's to handle (`keepPlace`; a dialog gives the focus back to its
 * trigger), and one that stays unusable is `aria-disabled`, which keeps the focus.
 */
export function keepFocusThroughDisabling(root: Document = document) {
  root.addEventListener(
    "focusout",
    (event) => {
      const control = event.target;
      if (event.relatedTarget || !(control instanceof HTMLElement) || !control.matches(":disabled")) return;
      const enabled = new MutationObserver(() => {
        if (control.matches(":disabled")) return;
        stop();
        if (focusLost(root) && control.isConnected) control.focus();
      });
      const timer = setTimeout(() => stop(), WAIT_MS);
      function stop() {
        enabled.disconnect();
        clearTimeout(timer);
      }
      enabled.observe(control, { attributes: true, attributeFilter: ["disabled"] });
    },
    true,
  );
}
