import { ChakraProvider } from "@chakra-ui/react";
import { type AnyRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode, useLayoutEffect } from "react";
import { system } from "./theme/system";

/**
 * Calls `onCommit` once the tree's first render has committed (never on the server). Renders nothing.
 * A layout effect: what follows a hydration (putting back what was typed before it) then runs in the
 * commit's own task, before any further key or pointer event can come between.
 */
function Committed({ onCommit }: { onCommit?: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first commit
  useLayoutEffect(() => onCommit?.(), []);
  return null;
}

/**
 * The app's tree, the same wherever it renders: in the browser (src/app.tsx), in the build's
 * prerender and in the server's renderers (src/entry-server.tsx, src/ssr/render-portal.tsx). It must
 * be the same tree: React derives useId's ids from it, and a component whose id differs between the
 * server's markup and the browser's render points its ARIA attributes, and the lookups Ark UI makes by
 * id (a popover finding its trigger), at elements that do not exist.
 */
export function AppTree({ router, onCommit }: { router: AnyRouter; onCommit?: () => void }) {
  return (
    <StrictMode>
      <ChakraProvider value={system}>
        <RouterProvider router={router} />
      </ChakraProvider>
      <Committed onCommit={onCommit} />
    </StrictMode>
  );
}
