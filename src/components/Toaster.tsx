import { Toaster as ChakraToaster, createToaster, Portal, Spinner, Stack, Toast } from "@chakra-ui/react";

/** The app's one toast queue; render <Toaster /> once (the portal shell does). */
export const toaster = createToaster({ placement: "bottom-end", pauseOnPageIdle: true });

/** A toast's `meta` when what it says is said on the page too, by an alert there: shown, not read out. */
export const UNSAID = { unsaid: true };
/** Out of what assistive technology reads, and so out of the keyboard's path too (it has no controls). */
const UNSAID_ROOT = { "aria-hidden": true, tabIndex: -1 } as const;

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }} {...(toast.meta?.unsaid === true && UNSAID_ROOT)}>
            {toast.type === "loading" ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {/* Full opacity: Chakra dims the description to 3.5:1 on the red of an error toast. */}
              {toast.description && <Toast.Description opacity="1">{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
