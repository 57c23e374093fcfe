import { Button, chakra, Stack } from "@chakra-ui/react";
import { type ErrorComponentProps, useRouter } from "@tanstack/react-router";

export const ROUTE_NOT_LOADED = "This page could not be loaded.";
export const ROUTE_NOT_LOADED_HINT = "Check your connection and try again.";
/** The portal's own failure (its session check or its code), in place of the whole portal. */
export const PORTAL_NOT_LOADED = "We could not load your portal.";

/**
 * A route that failed (its code could not load on a dropped connection, or its read failed): said in
 * its place, with Try again, instead of the router's bare "Something went wrong!". On a public page
 * the header and footer stay around it. Part of the app every page loads: it must show when nothing
 * more can be fetched. Try again loads the route anew: resetting the error alone would show the same
 * failed match again.
 */
export function RouteError({ reset, title = ROUTE_NOT_LOADED }: ErrorComponentProps & { title?: string }) {
  const router = useRouter();
  return (
    <Stack role="alert" gap="3" align="center" textAlign="center" px="6" py="16">
      {/* The page's heading: it stands in for the page. */}
      <chakra.h1 fontSize="xl" fontWeight="semibold">
        {title}
      </chakra.h1>
      <chakra.p color="fg.muted">{ROUTE_NOT_LOADED_HINT}</chakra.p>
      <Button
        colorPalette="brand"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Try again
      </Button>
    </Stack>
  );
}
