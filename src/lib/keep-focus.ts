/**
 * How long a control's removal, or its coming back, is awaited: past it, the action has failed or
 * changed nothing (src/lib/keep-place.ts waits as long).
 */
export const WAIT_MS = 15_000;

/**
 * Keeps the keyboard focus of a control disabled while it works: Chakra's `loading` disables a button
 * (a form's submit, Save, Download), and a focused control that is disabled drops the focus to the
 * page's body, so a keyboard user who pressed Save found the next Tab back at the top of the page.
 * Installed once for the whole app: when focus leaves a control because it was disabled, the control
 * gets it back once it is enabled again; if it leaves the page instead (a dialog that closed, a card
 * that went), the nearest dialog it was in, else the page's main region, unless focus has gone
 * somewhere already (a dialog returning it to its trigger). A control that stays disabled
 * (Mark all as read once nothing is unread) is left to its own screen.
 */
export function keepFocusThroughDisabling(root: Document = document) {
  root.addEventListener(
    "focusout",
    (event) => {
      const control = event.target;
      if (event.relatedTarget || !(control instanceof HTMLElement) || !control.matches(":disabled")) return;
      const dialog = control.closest<HTMLElement>('[role="dialog"], [role="alertdialog"]');
      const lost = () => !root.activeElement || root.activeElement === root.body;
      const enabled = new MutationObserver(() => {
        if (control.matches(":disabled")) return;
        stop();
        if (lost() && control.isConnected) control.focus();
      });
      const removed = new MutationObserver(() => {
        if (control.isConnected) return;
        stop();
        // After the task in which it left: a closing dialog gives the focus back to its trigger in its own.
        setTimeout(() => {
          if (!lost()) return;
          if (dialog?.isConnected) dialog.focus();
          else root.querySelector<HTMLElement>("main[tabindex]")?.focus();
        }, 50);
      });
      const timer = setTimeout(() => stop(), WAIT_MS);
      function stop() {
        enabled.disconnect();
        removed.disconnect();
        clearTimeout(timer);
      }
      enabled.observe(control, { attributes: true, attributeFilter: ["disabled"] });
      removed.observe(root.body, { childList: true, subtree: true });
    },
    true,
  );
}
