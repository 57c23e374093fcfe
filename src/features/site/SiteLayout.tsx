import { Box, Flex } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";

/** The public layout: header, one <main> landmark, footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" minH="100vh">
      <SiteHeader />
      <Box as="main" id="main" tabIndex={-1} flex="1" _focus={{ outline: "none" }}>
        {children}
      </Box>
      <SiteFooter />
    </Flex>
  );
}
