import { Link as ChakraLink } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";

export function BackToSignInLink() {
  return (
    <ChakraLink asChild alignSelf="center" fontSize="sm" color="brand.fg" textDecoration="underline">
      <Link to="/auth" search={{ tab: "signin" }}>
        Back to Sign In
      </Link>
    </ChakraLink>
  );
}
