import { Button, Dialog, Portal } from "@chakra-ui/react";
import { type ReactElement, useRef, useState } from "react";
import { keepPlace } from "../lib/keep-place";

/**
 * The one confirmation before a destructive action (portal patterns): the
 * spec's question, the action's name on the confirm button, Cancel first in
 * focus, and focus back on the trigger when it closes. `onConfirm` runs the
 * action; the dialog stays open, its button busy, until it settles. When the
 * action takes the trigger away with its row (a deleted task's card, and this
 * dialog with it), keepPlace finds focus a place on the page. Such an action
 * tells its outcome with `toastOutcome(mutateAsync(…), …)` (src/lib/toasts.ts),
 * not from mutate's callbacks: those of an observer that unmounted with its row
 * never run.
 */
export function ConfirmDialog({
  trigger,
  question,
  description,
  confirmLabel,
  dismissLabel = "Cancel",
  onConfirm,
}: {
  trigger: ReactElement;
  question: string;
  description?: string;
  confirmLabel: string;
  /** The button that leaves things as they are; not "Cancel" where the action itself is a cancellation. */
  dismissLabel?: string;
  onConfirm: () => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  async function confirm() {
    keepPlace(triggerRef.current);
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      // The caller shows the failure (a toast); the dialog closes either way.
    } finally {
      setBusy(false);
      setOpen(false);
    }
  }
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(event) => !busy && setOpen(event.open)}
      placement="center"
      size="sm"
    >
      <Dialog.Trigger asChild ref={triggerRef}>
        {trigger}
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{question}</Dialog.Title>
            </Dialog.Header>
            {/* A Description, not just body text: the alertdialog names it in aria-describedby, so the consequence is read with the question. */}
            {description && (
              <Dialog.Body>
                <Dialog.Description>{description}</Dialog.Description>
              </Dialog.Body>
            )}
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={busy}>
                  {dismissLabel}
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={confirm} loading={busy} disabled={busy}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
