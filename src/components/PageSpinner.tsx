import { Center, Spinner } from "@chakra-ui/react";

/** A centered, labelled spinner for a page (or the whole screen) that is still loading. */
export function PageSpinner({ label = "Loading", fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  return (
    <Center minH={fullScreen ? "100vh" : "60vh"} role="status" aria-live="polite">
      <Spinner size="xl" color="brand.solid" borderWidth="3px" aria-label={label} />
    </Center>
  );
}
