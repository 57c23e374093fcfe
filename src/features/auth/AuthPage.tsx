import { Box, Card, Heading, Stack, Tabs, Text } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import { FormAlert } from "../../components/FormAlert";
import { RouteAnnouncer } from "../../components/RouteAnnouncer";
import { ScriptNeeded } from "../../components/ScriptNeeded";
import { usePageTitle } from "../../lib/page-title";
import { ForgotPasswordForm } from "./ForgotPasswordForm";
import { EMAIL_VERIFIED, EMAIL_VERIFIED_SIGN_IN } from "./messages";
import { ResetPasswordForm } from "./ResetPasswordForm";
import { SignInForm } from "./SignInForm";
import { SignUpForm } from "./SignUpForm";
import { VerifyLinkFailed } from "./VerifyLinkFailed";

export type AuthTab = "signin" | "signup";
export type AuthView = "forgot" | "reset" | "verify";

type Props = {
  tab: AuthTab;
  view?: AuthView;
  token?: string;
  linkError?: string;
  /** The portal page signing in returns to (common/return-path.ts); the portal's front page when absent. */
  returnTo?: string;
  /** The address was just verified through a link opened away from the browser that signed up. */
  verified?: boolean;
  onTabChange: (tab: AuthTab) => void;
};

const VIEW_TITLES: Record<AuthView | AuthTab, string> = {
  signin: "Sign In",
  signup: "Sign Up",
  forgot: "Forgot Password",
  reset: "Reset Password",
  verify: "Verify Your E-mail",
};

/**
 * Moving between the card's views (Forgot password?, Back to Sign In) removes the link that was
 * pressed: focus goes to the new view's heading, or to the selected tab, not to the page's start.
 * Not on arrival: a page opened from a link keeps the browser's own focus.
 */
function useFocusOnViewChange(view: AuthView | undefined) {
  const card = useRef<HTMLDivElement>(null);
  const shown = useRef(view);
  useEffect(() => {
    if (shown.current === view) return;
    shown.current = view;
    const target = card.current?.querySelector<HTMLElement>('h2, [role="tab"][aria-selected="true"]');
    if (target?.tagName === "H2") target.tabIndex = -1;
    target?.focus();
  }, [view]);
  return card;
}

export function AuthPage({ tab, view, token, linkError, returnTo, verified, onTabChange }: Props) {
  usePageTitle(VIEW_TITLES[view ?? tab]);
  const card = useFocusOnViewChange(view);
  return (
    <Box px={{ base: "4", md: "6" }} py={{ base: "10", md: "16" }} bg="bg.subtle" minH="70vh">
      <Stack gap="6" maxW="md" mx="auto">
        <Stack gap="2" textAlign="center">
          <Heading as="h1" size="2xl" color="brand.800">
            Client Portal
          </Heading>
          <Text color="fg.muted">Sign in to follow your projects, messages and invoices.</Text>
        </Stack>
        <noscript>{import.meta.env.SSR && <ScriptNeeded need="auth" />}</noscript>
        <Card.Root variant="elevated">
          <Card.Body ref={card}>
            {view === "forgot" ? (
              <ForgotPasswordForm />
            ) : view === "reset" ? (
              <ResetPasswordForm token={token} linkError={linkError} />
            ) : view === "verify" ? (
              <VerifyLinkFailed linkError={linkError} />
            ) : (
              <Tabs.Root
                value={tab}
                onValueChange={(details) => onTabChange(details.value as AuthTab)}
                variant="line"
                colorPalette="brand"
                fitted
                lazyMount
                unmountOnExit
              >
                <Tabs.List mb="6">
                  <Tabs.Trigger value="signin">{VIEW_TITLES.signin}</Tabs.Trigger>
                  <Tabs.Trigger value="signup">{VIEW_TITLES.signup}</Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="signin">
                  {verified && (
                    <Box mb="4">
                      <FormAlert status="success" title={EMAIL_VERIFIED}>
                        {EMAIL_VERIFIED_SIGN_IN}
                      </FormAlert>
                    </Box>
                  )}
                  <SignInForm returnTo={returnTo} />
                </Tabs.Content>
                <Tabs.Content value="signup">
                  <SignUpForm />
                </Tabs.Content>
              </Tabs.Root>
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
      <RouteAnnouncer />
    </Box>
  );
}
