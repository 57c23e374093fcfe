import { Button, type ButtonProps } from "@chakra-ui/react";

/** "Load more" below a list read a page at a time: busy while the next page is on its way. */
export function LoadMoreButton({
  loading,
  onLoadMore,
  ...props
}: { loading: boolean; onLoadMore: () => unknown } & Omit<ButtonProps, "onClick" | "loading">) {
  return (
    <Button
      alignSelf="center"
      variant="outline"
      loading={loading}
      loadingText="Loading more"
      onClick={() => void onLoadMore()}
      {...props}
    >
      Load more
    </Button>
  );
}
