import { Box, CloseButton, Drawer, Flex, HStack, IconButton, Kbd, Portal, Text } from "@chakra-ui/react";
import { Outlet } from "@tanstack/react-router";
import { LuPanelLeft } from "react-icons/lu";
import type { Profile } from "../../../common/api";
import { RouteAnnouncer } from "../../components/RouteAnnouncer";
import { ScriptNeeded } from "../../components/ScriptNeeded";
import { SkipLink } from "../../components/SkipLink";
import { Toaster } from "../../components/Toaster";
import { NotificationBell } from "../notifications/NotificationBell";
import { Sidebar } from "./Sidebar";
import { SIDEBAR_ID, useSidebarState } from "./useSidebarState";

const MAIN_ID = "main-content";

/** Spec §2 "Portal shell": sidebar (16rem, 3rem icon-only, 18rem drawer under 768px) and a top bar. */
export function PortalShell({ me }: { me: Profile }) {
  const { isMobile, expanded, drawerOpen, setDrawerOpen, toggle } = useSidebarState();

  return (
    <Flex minH="100vh" bg="bg.subtle">
      <SkipLink targetId={MAIN_ID} />

      {isMobile ? (
        <Drawer.Root open={drawerOpen} onOpenChange={(details) => setDrawerOpen(details.open)} placement="start">
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content id={SIDEBAR_ID} w="18rem" maxW="18rem">
                <Drawer.Title srOnly>Portal navigation</Drawer.Title>
                <Sidebar me={me} onNavigate={() => setDrawerOpen(false)} />
                <Drawer.CloseTrigger asChild position="absolute" top="3" right="2">
                  <CloseButton size="sm" aria-label="Close navigation" />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      ) : (
        <Box
          as="aside"
          id={SIDEBAR_ID}
          aria-label="Portal sidebar"
          data-state={expanded ? "expanded" : "collapsed"}
          w={expanded ? "16rem" : "3rem"}
          flexShrink="0"
          // A page rendered on the server for a wide screen may land on a narrow one: the sidebar waits for the app.
          display={{ base: "none", md: "block" }}
          position="sticky"
          top="0"
          h="100vh"
          bg="bg"
          borderRightWidth="1px"
          transition="width 0.2s ease"
          overflow="hidden"
        >
          <Sidebar me={me} collapsed={!expanded} />
        </Box>
      )}

      <Flex direction="column" flex="1" minW="0">
        <Flex
          as="header"
          align="center"
          gap="3"
          h="14"
          px="4"
          bg="bg"
          borderBottomWidth="1px"
          position="sticky"
          top="0"
          zIndex="docked"
        >
          <IconButton
            aria-label={isMobile ? "Open navigation" : expanded ? "Collapse sidebar" : "Expand sidebar"}
            aria-controls={isMobile ? undefined : SIDEBAR_ID}
            aria-expanded={isMobile ? drawerOpen : expanded}
            aria-keyshortcuts="Control+B Meta+B"
            title="Toggle sidebar (Ctrl/Cmd+B)"
            variant="ghost"
            size="sm"
            onClick={toggle}
          >
            <LuPanelLeft />
          </IconButton>
          {/* The top bar's title names the product, not the page: each page's own h1 is its first heading. */}
          <Text fontFamily="heading" textStyle="md" fontWeight="semibold" color="brand.800">
            Client Portal
          </Text>
          {/* The toggle's shortcut, named (the button itself announces it: aria-keyshortcuts). */}
          <HStack gap="1.5" ml="auto" display={{ base: "none", lg: "flex" }} aria-hidden="true">
            <Text fontSize="xs" color="fg.muted">
              Toggle sidebar
            </Text>
            <Kbd size="sm">Ctrl/⌘ B</Kbd>
          </HStack>
          <Box ml={{ base: "auto", lg: "0" }}>
            <NotificationBell />
          </Box>
        </Flex>
        <Box
          as="main"
          id={MAIN_ID}
          tabIndex={-1}
          flex="1"
          p={{ base: "4", md: "6" }}
          _focusVisible={{ outline: "none" }}
        >
          <noscript>{import.meta.env.SSR && <ScriptNeeded need="portal" mb="4" />}</noscript>
          <Outlet />
        </Box>
      </Flex>
      <Toaster />
      <RouteAnnouncer />
    </Flex>
  );
}
