import { Center, Spinner, VisuallyHidden } from "@chakra-ui/react";

/**
 * A centered spinner for a page (or the whole screen) that is still loading, in a status that says
 * `label`: as text inside it, as a label on the spinner's role-less element is not read.
 */
export function PageSpinner({ label = "Loading", fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  return (
    <Center minH={fullScreen ? "100vh" : "60vh"} role="status">
      <Spinner size="xl" color="brand.solid" borderWidth="3px" aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
