import { Button, CloseButton, Dialog, Portal } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * Every dialog of the portal but the confirmation (ConfirmDialog.tsx): centred, its backdrop, a
 * margin from a phone's edges, and the close button in its corner. The dialog's own behaviour
 * (open state, what an Escape may do while a save is on its way, lazy mounting) is its props.
 */
export function DialogShell({
  trigger,
  children,
  ...root
}: Omit<Dialog.RootProps, "children"> & {
  /** The control that opens it (none for a dialog opened by state alone). */
  trigger?: ReactNode;
  /** Its header, body and footer; a form wraps them with `FORM_IN_DIALOG`. */
  children: ReactNode;
}) {
  return (
    <Dialog.Root placement="center" {...root}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            {children}
            <Dialog.CloseTrigger asChild>
              {/* Held, as Escape is, while the dialog may not be walked away from (an order on its way). */}
              <CloseButton size="sm" aria-label="Close" disabled={root.closeOnEscape === false} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A form around a dialog's parts adds no box of its own (a form may not take the dialog role). */
export const FORM_IN_DIALOG = { noValidate: true, style: { display: "contents" } } as const;

/** A dialog form's footer: Cancel, which closes it, and the submit button, busy while `pending`. */
export function DialogFormFooter({
  submitLabel,
  pending,
  loadingText,
  cancelWhilePending = true,
}: {
  submitLabel: string;
  pending: boolean;
  loadingText?: string;
  /** False where a save on its way must not be walked away from (the dialog also ignores Escape then). */
  cancelWhilePending?: boolean;
}) {
  return (
    <Dialog.Footer>
      <Dialog.ActionTrigger asChild>
        <Button variant="outline" type="button" disabled={pending && !cancelWhilePending}>
          Cancel
        </Button>
      </Dialog.ActionTrigger>
      <Button type="submit" colorPalette="brand" loading={pending} disabled={pending} loadingText={loadingText}>
        {submitLabel}
      </Button>
    </Dialog.Footer>
  );
}
