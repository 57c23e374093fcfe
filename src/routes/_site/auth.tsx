import { createFileRoute, redirect } from "@tanstack/react-router";
import { z } from "zod";
import { AuthPage } from "../../features/auth/AuthPage";
import { meQuery } from "../../lib/session";

/** Unknown or malformed values fall back to the sign-in tab rather than failing the page. */
const authSearchSchema = z.object({
  tab: z.enum(["signin", "signup"]).optional().catch(undefined),
  view: z.enum(["forgot", "reset"]).optional().catch(undefined),
  token: z.string().max(200).optional().catch(undefined),
  error: z.string().max(100).optional().catch(undefined),
});

export const Route = createFileRoute("/_site/auth")({
  validateSearch: authSearchSchema,
  beforeLoad: async ({ context }) => {
    // A signed-in user has nothing to do here; if the session check itself fails, show the forms anyway.
    const me = await context.queryClient.ensureQueryData(meQuery).catch(() => null);
    if (me) throw redirect({ to: "/portal" });
  },
  component: AuthRoute,
});

function AuthRoute() {
  const { tab = "signin", view, token, error } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AuthPage
      tab={tab}
      view={view}
      token={token}
      linkError={error}
      onTabChange={(next) => navigate({ search: { tab: next }, replace: true })}
    />
  );
}
