import { Box, Button, Card, Link as ChakraLink, Heading, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { UNSUBSCRIBE_ACTION, UNSUBSCRIBE_BAD_TOKEN } from "../../../common/mail";
import { FormAlert } from "../../components/FormAlert";
import { errorMessage } from "../../lib/form-errors";
import { usePageTitle } from "../../lib/page-title";
import { useUnsubscribe } from "./api";

/**
 * Where an e-mail's unsubscribe link lands: the kind of mail is turned off when the person presses
 * the button (a POST), and the page says which, with the way to Settings. Not as the page opens:
 * mail gateways open the links of incoming mail in a browser that runs scripts, and the person
 * would be unsubscribed by their gateway. Mail clients' own one-click unsubscribe (the
 * List-Unsubscribe-Post header) goes to the API directly.
 */
export function UnsubscribePage({ token }: { token?: string }) {
  usePageTitle("Unsubscribe");
  const unsubscribe = useUnsubscribe();

  return (
    <Box px={{ base: "4", md: "6" }} py={{ base: "10", md: "16" }} bg="bg.subtle" minH="70vh">
      <Stack gap="6" maxW="md" mx="auto">
        <Heading as="h1" size="2xl" color="brand.800" textAlign="center">
          E-mail notifications
        </Heading>
        <Card.Root variant="elevated">
          <Card.Body>
            <Stack gap="4">
              {!token ? (
                <FormAlert status="error" title={UNSUBSCRIBE_BAD_TOKEN} />
              ) : unsubscribe.isSuccess ? (
                <FormAlert status="success" title="You are unsubscribed">
                  You will no longer get e-mails about “{unsubscribe.data.label}”.
                </FormAlert>
              ) : unsubscribe.isError ? (
                <FormAlert status="error" title={errorMessage(unsubscribe.error)} />
              ) : (
                <Stack gap="3" align="start">
                  <Text>Stop getting this kind of e-mail from us?</Text>
                  <Button
                    colorPalette="brand"
                    loading={unsubscribe.isPending}
                    onClick={() => {
                      if (!unsubscribe.isPending) unsubscribe.mutate(token);
                    }}
                  >
                    {UNSUBSCRIBE_ACTION}
                  </Button>
                </Stack>
              )}
              <Text>
                You can turn any kind of e-mail on or off in{" "}
                <ChakraLink asChild color="brand.fg" textDecoration="underline">
                  <Link to="/portal/settings">Settings</Link>
                </ChakraLink>
                .
              </Text>
            </Stack>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Box>
  );
}
