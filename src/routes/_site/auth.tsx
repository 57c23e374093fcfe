import { ChakraProvider } from "@chakra-ui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { portalReturnPath } from "../../../common/return-path";
import { AuthPage, type AuthTab, type AuthView } from "../../features/auth/AuthPage";
import { queryClient } from "../../lib/query-client";
import { portalSystem } from "../../theme/portalSystem";

type AuthSearch = {
  tab?: AuthTab | undefined;
  view?: AuthView | undefined;
  token?: string | undefined;
  error?: string | undefined;
  redirect?: string | undefined;
  /** "1" where a verification link opened away from the browser that signed up lands (server/auth). */
  verified?: "1" | undefined;
};

const oneOf = <T extends string>(value: unknown, allowed: readonly T[]): T | undefined =>
  allowed.includes(value as T) ? (value as T) : undefined;
const shortText = (value: unknown, max: number): string | undefined =>
  typeof value === "string" && value.length <= max ? value : undefined;

/**
 * Unknown or malformed values fall back to the sign-in tab rather than failing
 * the page. Hand-written rather than a zod schema: search validation stays in
 * the main bundle that every public page loads. Every key is returned, an
 * invalid one as `undefined`: the router lays the validated search over the
 * raw one, so a key left out would keep its raw value (a `redirect` to another
 * site). Links and the URL leave out undefined values.
 */
function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  return {
    tab: oneOf(search.tab, ["signin", "signup"]),
    view: oneOf(search.view, ["forgot", "reset", "verify"]),
    token: shortText(search.token, 200),
    error: shortText(search.error, 100),
    redirect: portalReturnPath(search.redirect),
    verified: oneOf(String(search.verified), ["1"]),
  };
}

export const Route = createFileRoute("/_site/auth")({
  validateSearch: validateAuthSearch,
  beforeLoad: async ({ search }) => {
    // Rendered by the build, for visitors the server found signed out (src/lib/signed-out.ts): nobody to check,
    // and no server to ask.
    if (import.meta.env.SSR) return;
    // A signed-in user has nothing to do here; if the session check itself fails, show the forms anyway.
    const { ensureMe } = await import("../../lib/session");
    const me = await ensureMe().catch(() => null);
    if (me) throw search.redirect ? redirect({ href: search.redirect }) : redirect({ to: "/portal" });
  },
  component: AuthRoute,
});

function AuthRoute() {
  const { tab = "signin", view, token, error, redirect: returnTo, verified } = Route.useSearch();
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
          returnTo={returnTo}
          verified={verified === "1"}
          onTabChange={(next) => navigate({ search: { tab: next, redirect: returnTo }, replace: true })}
        />
      </QueryClientProvider>
    </ChakraProvider>
  );
}
