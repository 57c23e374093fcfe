import { Button, CloseButton, Dialog, Portal, Stack } from "@chakra-ui/react";
import type { FormEventHandler, ReactNode } from "react";
import { LazyFormAlert } from "./LazyFormAlert";

/**
 * Every dialog of the portal but the confirmation (ConfirmDialog.tsx): centred, its backdrop, a
 * margin from a phone's edges, its body scrolling when it is taller than the screen, and the close
 * button in its corner. The dialog's own behaviour (open state, what an Escape may do while a save is
 * on its way, lazy mounting) is its props.
 */
export function DialogShell({
  trigger,
  children,
  ...root
}: Omit<Dialog.RootProps, "children"> & {
  /** The control that opens it (none for a dialog opened by state alone). */
  trigger?: ReactNode;
  /** Its header, body and footer: a `DialogForm`, or the parts themselves. */
  children: ReactNode;
}) {
  return (
    // Inside: a form taller than a phone's screen scrolls its fields, its title and buttons staying in view.
    <Dialog.Root placement="center" scrollBehavior="inside" {...root}>
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
const FORM_IN_DIALOG = { noValidate: true, style: { display: "contents" } } as const;

/**
 * A dialog's form, the one shape every form dialog takes: its title; its fields, stacked, under the
 * server's message that belongs to no field; and Cancel, which closes it, beside the submit button,
 * busy while `pending`.
 */
export function DialogForm({
  title,
  onSubmit,
  error,
  submitLabel,
  pending,
  loadingText,
  cancelWhilePending = true,
  children,
}: {
  title: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The server's message for no field in particular (`errors.root.server`). */
  error?: string | undefined;
  submitLabel: string;
  pending: boolean;
  loadingText?: string;
  /** False where a save on its way must not be walked away from (the dialog also ignores Escape then). */
  cancelWhilePending?: boolean;
  children: ReactNode;
}) {
  return (
    <form method="post" onSubmit={onSubmit} {...FORM_IN_DIALOG}>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          {error && <LazyFormAlert status="error" title={error} />}
          {children}
        </Stack>
      </Dialog.Body>
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
    </form>
  );
}
