import { ChakraProvider } from "@chakra-ui/react";
import { type AnyRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode, useEffect, useLayoutEffect } from "react";
import { system } from "./theme/system";

type CommitCallbacks = {
  /** The first render is in the page (layout effects), in the commit's own task: no event has come since. */
  onLaidOut?: () => void;
  /** ...and its effects have run: the components listen, their state machines run. */
  onCommit?: () => void;
};

/** Tells the tree's first commit (never on the server). Renders nothing. */
function Committed({ onLaidOut, onCommit }: CommitCallbacks) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first commit
  useLayoutEffect(() => onLaidOut?.(), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first commit
  useEffect(() => onCommit?.(), []);
  return null;
}

/**
 * The app's tree, the same wherever it renders: in the browser (src/app.tsx), in the build's
 * prerender and in the server's renderers (src/entry-server.tsx, src/ssr/render-portal.tsx). It must
 * be the same tree: React derives useId's ids from it, and a component whose id differs between the
 * server's markup and the browser's render points its ARIA attributes, and the lookups Ark UI makes by
 * id (a popover finding its trigger), at elements that do not exist.
 */
export function AppTree({ router, onLaidOut, onCommit }: { router: AnyRouter } & CommitCallbacks) {
  return (
    <StrictMode>
      <ChakraProvider value={system}>
        <RouterProvider router={router} />
      </ChakraProvider>
      <Committed onLaidOut={onLaidOut} onCommit={onCommit} />
    </StrictMode>
  );
}
