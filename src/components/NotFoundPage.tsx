import { Box, Link as ChakraLink, Heading, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";

/** Spec §2: any unknown path reads 'Oops! Page not found' with a link back home. */
export function NotFoundPage() {
  return (
    <Box as="main" id="main" minH="100vh" display="grid" placeItems="center" px="6" bg="gray.50">
      <Stack align="center" gap="4" textAlign="center">
        <Text fontSize="6xl" fontWeight="bold" color="brand.700" aria-hidden="true">
          404
        </Text>
        <Heading as="h1" size="xl">
          Oops! Page not found
        </Heading>
        <ChakraLink asChild color="brand.700" fontWeight="semibold" textDecoration="underline">
          <Link to="/">Return to Home</Link>
        </ChakraLink>
      </Stack>
    </Box>
  );
}
