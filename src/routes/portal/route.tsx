import { Center, ChakraProvider } from "@chakra-ui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { createFileRoute, type ErrorComponentProps, Navigate, redirect, useRouter } from "@tanstack/react-router";
import { useEffect, useLayoutEffect, useRef } from "react";
import type { Role } from "../../../common/domain";
import { returnSearch } from "../../../common/return-path";
import { PageSpinner } from "../../components/PageSpinner";
import { PORTAL_NOT_LOADED, RouteError } from "../../components/RouteError";
import { PortalShell } from "../../features/portal/PortalShell";
import { queryClient } from "../../lib/query-client";
import { meQuery, useMe, useSessionFollower } from "../../lib/session";
import { markPortalCommitted, markPortalLaidOut } from "../../ssr/portal-context";
import { portalSystem } from "../../theme/portalSystem";

/**
 * The portal guard (spec §4): a spinner while the session is checked, /auth when signed out, which
 * returns to the page asked for once signed in.
 */
export const Route = createFileRoute("/portal")({
  beforeLoad: async ({ location }) => {
    // Dynamic: route options other than components stay in the bundle every public page loads.
    const { ensureMe } = await import("../../lib/session");
    const me = await ensureMe();
    if (!me) throw redirect({ to: "/auth", search: returnSearch(location.href), replace: true });
    return { me };
  },
  pendingMs: 150,
  pendingComponent: () => <PageSpinner fullScreen label="Loading your portal" />,
  errorComponent: PortalError,
  component: PortalLayout,
});

/**
 * The portal's data layer and theme live here, not at the app root: public
 * pages never load react-query nor the portal's Chakra recipes.
 */
function PortalLayout() {
  // Its route is a Suspense boundary: a server-rendered page is live once this part has hydrated too (src/app-tree.tsx).
  useLayoutEffect(() => markPortalLaidOut(), []);
  useEffect(() => markPortalCommitted(), []);
  return (
    <ChakraProvider value={portalSystem}>
      <QueryClientProvider client={queryClient}>
        <PortalContent />
      </QueryClientProvider>
    </ChakraProvider>
  );
}

function PortalContent() {
  const { me: initial } = Route.useRouteContext();
  // The live cache, not the snapshot from beforeLoad, so profile edits and sign-out show at once.
  const { data: me } = useMe();
  // Read when needed, not subscribed to: the shell need not render again on every navigation.
  const router = useRouter();
  useSessionFollower();
  useRoleChangeReload(me?.role ?? initial.role);
  if (me === null) return <Navigate to="/auth" search={returnSearch(router.state.location.href)} replace />;
  return <PortalShell me={me ?? initial} />;
}

/**
 * A role changed while the portal is open (an administrator's Staff edit): what the pages hold was
 * read in the old role's scope, and the route guards decide anew (someone no longer an
 * administrator leaves /portal/admin for their dashboard).
 */
function useRoleChangeReload(role: Role) {
  const router = useRouter();
  const shown = useRef(role);
  useEffect(() => {
    if (role === shown.current) return;
    shown.current = role;
    queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== meQuery.queryKey[0] });
    router.invalidate();
  }, [role, router]);
}

function PortalError(props: ErrorComponentProps) {
  return (
    // The page's one landmark: the portal's shell, with its own, is what could not load.
    <Center as="main" minH="100vh">
      <RouteError {...props} title={PORTAL_NOT_LOADED} />
    </Center>
  );
}
