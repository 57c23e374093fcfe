import { ChakraProvider } from "@chakra-ui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { UnsubscribePage } from "../../features/unsubscribe/UnsubscribePage";
import { queryClient } from "../../lib/query-client";
import { portalSystem } from "../../theme/portalSystem";

type UnsubscribeSearch = { token?: string | undefined };

export const Route = createFileRoute("/_site/unsubscribe")({
  // Hand-written, as /auth's: search validation stays in the main bundle every public page loads.
  // `token` is returned even when invalid (undefined): the router lays this over the URL's raw search.
  validateSearch: (search: Record<string, unknown>): UnsubscribeSearch => ({
    token: typeof search.token === "string" && search.token.length <= 512 ? search.token : undefined,
  }),
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  const { token } = Route.useSearch();
  // The portal's theme (card, alert… recipes), loaded with this page's chunk only.
  return (
    <ChakraProvider value={portalSystem}>
      <QueryClientProvider client={queryClient}>
        <UnsubscribePage token={token} />
      </QueryClientProvider>
    </ChakraProvider>
  );
}
