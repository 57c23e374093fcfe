import { Link as ChakraLink } from "@chakra-ui/react";
import { Link, useSearch } from "@tanstack/react-router";

/** Back to the sign-in tab, keeping the portal page signing in returns to. */
export function BackToSignInLink() {
  const { redirect } = useSearch({ from: "/_site/auth" });
  return (
    <ChakraLink asChild alignSelf="center" fontSize="sm" color="brand.fg" textDecoration="underline">
      <Link to="/auth" search={{ tab: "signin", redirect }}>
        Back to Sign In
      </Link>
    </ChakraLink>
  );
}
