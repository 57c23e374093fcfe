import { Button, type ButtonProps } from "@chakra-ui/react";
import { toastFailure } from "../lib/toasts";

/**
 * "Load more" below a list read a page at a time: busy while the next page is on its way. When the
 * page cannot be read (`onLoadMore` rejects) a toast says so in `failedText`; the pages shown stay
 * and the button stays, to try again.
 */
export function LoadMoreButton({
  loading,
  onLoadMore,
  failedText,
  children = "Load more",
  ...props
}: { loading: boolean; onLoadMore: () => Promise<unknown>; failedText: string } & Omit<
  ButtonProps,
  "onClick" | "loading"
>) {
  return (
    <Button
      alignSelf="center"
      variant="outline"
      loading={loading}
      loadingText="Loading more"
      onClick={() => onLoadMore().catch(() => toastFailure(failedText))}
      {...props}
    >
      {children}
    </Button>
  );
}
