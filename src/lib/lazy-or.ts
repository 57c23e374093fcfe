import { type ComponentType, lazy } from "react";

/**
 * A part whose code loads on first use, shown as `fallback` when that code cannot load (a dropped
 * connection). React keeps what a lazy component resolved to for good, so a failed load shows the
 * fallback this once and leaves a fresh lazy component behind: read it anew at each render (the
 * returned function), and the next render tries the code again.
 */
export function lazyOr<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: ComponentType<Props>,
): () => ComponentType<Props> {
  const attempt = (): ComponentType<Props> =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        () => {
          current = attempt();
          return { default: fallback };
        },
      ),
    );
  let current = attempt();
  return () => current;
}
