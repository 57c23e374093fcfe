import { ChakraProvider } from "@chakra-ui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { AuthPage, type AuthTab, type AuthView } from "../../features/auth/AuthPage";
import { queryClient } from "../../lib/query-client";
import { portalSystem } from "../../theme/portalSystem";

type AuthSearch = { tab?: AuthTab; view?: AuthView; token?: string; error?: string };

const oneOf = <T extends string>(value: unknown, allowed: readonly T[]): T | undefined =>
  allowed.includes(value as T) ? (value as T) : undefined;
const shortText = (value: unknown, max: number): string | undefined =>
  typeof value === "string" && value.length <= max ? value : undefined;

/**
 * Unknown or malformed values fall back to the sign-in tab rather than failing
 * the page. Hand-written rather than a zod schema: search validation stays in
 * the main bundle that every public page loads.
 */
function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  const result: AuthSearch = {
    tab: oneOf(search.tab, ["signin", "signup"]),
    view: oneOf(search.view, ["forgot", "reset", "verify"]),
    token: shortText(search.token, 200),
    error: shortText(search.error, 100),
  };
  // Absent keys rather than `key: undefined`, so links and the URL stay clean.
  for (const key of Object.keys(result) as (keyof AuthSearch)[]) {
    if (result[key] === undefined) delete result[key];
  }
  return result;
}

export const Route = createFileRoute("/_site/auth")({
  validateSearch: validateAuthSearch,
  beforeLoad: async () => {
    // A signed-in user has nothing to do here; if the session check itself fails, show the forms anyway.
    const { ensureMe } = await import("../../lib/session");
    const me = await ensureMe().catch(() => null);
    if (me) throw redirect({ to: "/portal" });
  },
  component: AuthRoute,
});

function AuthRoute() {
  const { tab = "signin", view, token, error } = Route.useSearch();
  const navigate = Route.useNavigate();
  // The portal's theme (tabs, checkbox… recipes), loaded with this page's chunk only.
  return (
    <ChakraProvider value={portalSystem}>
      <QueryClientProvider client={queryClient}>
        <AuthPage
          tab={tab}
          view={view}
          token={token}
          linkError={error}
          onTabChange={(next) => navigate({ search: { tab: next }, replace: true })}
        />
      </QueryClientProvider>
    </ChakraProvider>
  );
}
