import { type ComponentType, lazy } from "react";

/** The code of lazy parts some render asked for that has not arrived yet. */
const loading = new Set<Promise<unknown>>();

/**
 * React.lazy, with its loading noted for the server's renders: renderToString cannot wait for a lazy
 * part, so it writes the part's fallback marked for the browser to render instead, which then reports
 * React error #419 and draws the part anew (the admin's project page once shifted its buttons so). The
 * portal's render waits for `componentsLoading()` and renders again (src/ssr/render-portal.tsx).
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): ComponentType<Props> {
  return lazy(() => {
    const loaded = load();
    // Only a server render reads the notes: the browser's build drops them (public pages count their bytes).
    if (!import.meta.env.SSR) return loaded;
    loading.add(loaded);
    const done = () => loading.delete(loaded);
    loaded.then(done, done);
    return loaded;
  });
}

/** What `lazyComponent` parts are loading now: a render made meanwhile showed their fallbacks. */
export function componentsLoading(): Promise<unknown>[] {
  return [...loading];
}

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
    lazyComponent(() =>
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
