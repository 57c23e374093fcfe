import { Button, type ButtonProps } from "@chakra-ui/react";
import type { MouseEvent, RefObject } from "react";
import { focusLost, mainLandmark, WAIT_MS } from "../lib/keep-focus";
import { toastFailure } from "../lib/toasts";

/**
 * "Load more" below a list read a page at a time: busy while the next page is on its way. When the
 * page cannot be read (`onLoadMore` rejects) a toast says so in `failedText`; the pages shown stay
 * and the button stays, to try again. Each caller renders it just after the list it extends, or names it (`list`).
 */
export function LoadMoreButton({
  loading,
  onLoadMore,
  failedText,
  list: listRef,
  children = "Load more",
  ...props
}: {
  loading: boolean;
  onLoadMore: () => Promise<unknown>;
  failedText: string;
  /** The list it extends, where it is not rendered just after it (a table's body, the button in its footer). */
  list?: RefObject<HTMLElement | null>;
} & Omit<ButtonProps, "onClick" | "loading" | "list">) {
  async function loadMore(event: MouseEvent<HTMLButtonElement>) {
    const button = event.currentTarget;
    const list = listRef ? listRef.current : button.previousElementSibling;
    const shown = list?.children.length ?? 0;
    try {
      await onLoadMore();
    } catch {
      toastFailure(failedText);
      return;
    }
    focusFirstLoaded(button, list, shown);
  }
  return (
    <Button
      alignSelf="center"
      variant="outline"
      loading={loading}
      loadingText="Loading more"
      onClick={loadMore}
      {...props}
    >
      {children}
    </Button>
  );
}

/**
 * The last page loaded, the button leaves with it, and a keyboard user's focus would fall to the
 * document's body: it goes to the first item loaded (its first control) instead, where the
 * reading goes on. While more remain, the button keeps the focus (src/lib/keep-focus.ts). The page
 * may render before or after the load settles: checked now, then on each change until it has.
 */
function focusFirstLoaded(button: HTMLElement, list: Element | null, shown: number) {
  const observer = new MutationObserver(check);
  const timer = setTimeout(stop, WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  function check() {
    const grown = !!list && list.children.length > shown;
    if (button.isConnected && !grown) return;
    stop();
    if (button.isConnected || !focusLost()) return;
    const first = list?.isConnected ? list.children[shown] : undefined;
    const target =
      first?.querySelector<HTMLElement>("a[href], button:not(:disabled), select, input, textarea") ?? mainLandmark();
    target?.focus();
  }
  observer.observe(document.body, { childList: true, subtree: true });
  check();
}
