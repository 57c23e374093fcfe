import { Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { notFound } from "../content/shared";
import { PageMeta } from "../features/site/PageMeta";
import { SiteLayout } from "../features/site/SiteLayout";

/** Spec §2: any unknown path reads 'Oops! Page not found' with a link back home, inside the site's header and footer. */
export function NotFoundPage() {
  return (
    <SiteLayout>
      <PageMeta seo={notFound.seo} />
      <Container maxW="3xl" py={{ base: "20", md: "28" }}>
        <Stack align="center" gap="5" textAlign="center">
          <Text
            fontSize={{ base: "6xl", md: "8xl" }}
            fontWeight="bold"
            color="brand.700"
            lineHeight="1"
            aria-hidden="true"
          >
            404
          </Text>
          <Heading as="h1" size={{ base: "2xl", md: "4xl" }} color="brand.900">
            {notFound.heading}
          </Heading>
          <Text color="gray.700" fontSize="lg">
            {notFound.text}
          </Text>
          <Button asChild colorPalette="brand" size="lg">
            <Link to="/">{notFound.home}</Link>
          </Button>
        </Stack>
      </Container>
    </SiteLayout>
  );
}
