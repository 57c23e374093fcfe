import { Box, Card, Link as ChakraLink, Heading, Spinner, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { UNSUBSCRIBE_BAD_TOKEN } from "../../../common/mail";
import { FormAlert } from "../../components/FormAlert";
import { errorMessage } from "../../lib/form-errors";
import { usePageTitle } from "../../lib/page-title";
import { useUnsubscribe } from "./api";

/**
 * Where an e-mail's unsubscribe link lands: the kind of mail is turned off
 * as the page opens (by a POST, so a mail scanner fetching the link changes
 * nothing), and the page says which, with the way to Settings.
 */
export function UnsubscribePage({ token }: { token?: string }) {
  usePageTitle("Unsubscribe");
  const unsubscribe = useUnsubscribe();
  const sent = useRef(false);
  const { mutate } = unsubscribe;
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

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
                <Stack direction="row" gap="3" align="center" role="status">
                  <Spinner size="sm" color="brand.solid" />
                  <Text>Turning these e-mails off…</Text>
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
