import { Box, Button, Flex, Icon, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { Link, useNavigate, useRouterState } from "@tanstack/react-router";
import { useState } from "react";
import { LuLogOut } from "react-icons/lu";
import type { Profile } from "../../../common/api";
import { TOAST } from "../../lib/messages";
import { useSignOut } from "../../lib/session";
import { toastFailure } from "../../lib/toasts";
import { type NavItem, navFor, withinAlso } from "./nav";

type Props = {
  me: Profile;
  /** Icon-only rail: labels stay in the accessibility tree, visually hidden. */
  collapsed?: boolean;
  onNavigate?: () => void;
};

export function Sidebar({ me, collapsed = false, onNavigate }: Props) {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const signOut = useSignOut();
  const [signingOut, setSigningOut] = useState(false);

  async function logout() {
    setSigningOut(true);
    try {
      await signOut();
      await navigate({ to: "/auth" });
    } catch {
      toastFailure(TOAST.signOutFailed);
      setSigningOut(false);
    }
  }

  return (
    <Flex direction="column" h="full" minH="0">
      <Flex align="center" gap="2" h="14" px={collapsed ? "0" : "4"} justify={collapsed ? "center" : "start"}>
        <Flex
          aria-hidden="true"
          align="center"
          justify="center"
          boxSize="8"
          borderRadius="md"
          bg="brand.solid"
          color="brand.contrast"
          fontWeight="bold"
          fontSize="sm"
          flexShrink="0"
        >
          LS
        </Flex>
        {!collapsed && (
          <Text fontWeight="semibold" truncate>
            Lagos Studio
          </Text>
        )}
      </Flex>

      <Box as="nav" aria-label="Portal" flex="1" overflowY="auto" px={collapsed ? "1" : "2"} py="2">
        <Stack as="ul" gap="1" listStyleType="none">
          {navFor(me.role).map((item) => (
            <li key={item.to}>
              <NavLink item={item} pathname={pathname} collapsed={collapsed} onNavigate={onNavigate} />
            </li>
          ))}
        </Stack>
      </Box>

      <Box borderTopWidth="1px" p={collapsed ? "1" : "3"}>
        {!collapsed && (
          <Box mb="2" px="1">
            <Text fontSize="sm" fontWeight="semibold" truncate>
              {me.fullName}
            </Text>
            {me.companyName && (
              <Text fontSize="xs" color="fg.muted" truncate>
                {me.companyName}
              </Text>
            )}
          </Box>
        )}
        <Button
          variant="ghost"
          size="sm"
          width="full"
          justifyContent={collapsed ? "center" : "start"}
          px={collapsed ? "0" : "2"}
          onClick={logout}
          loading={signingOut}
          title={collapsed ? "Logout" : undefined}
        >
          <LuLogOut aria-hidden="true" />
          {collapsed ? <VisuallyHidden>Logout</VisuallyHidden> : "Logout"}
        </Button>
      </Box>
    </Flex>
  );
}

/** One item of the sidebar: marked where the reader is, at its own page or one of its `also` pages. */
function NavLink({
  item,
  pathname,
  collapsed,
  onNavigate,
}: {
  item: NavItem;
  pathname: string;
  collapsed: boolean;
  onNavigate: (() => void) | undefined;
}) {
  // A page the item stands for but does not link to (New invoice under Invoices): marked as where
  // the reader is, and told as such ("true": the link is not to this very page).
  const inSection = withinAlso(item, pathname);
  return (
    <Link
      to={item.to}
      activeOptions={{ exact: item.exact ?? false }}
      onClick={onNavigate}
      title={collapsed ? item.label : undefined}
      aria-current={inSection ? "true" : undefined}
    >
      {({ isActive: atItem }) => {
        const isActive = atItem || inSection;
        return (
          <Flex
            align="center"
            gap="3"
            h="9"
            px={collapsed ? "0" : "3"}
            justify={collapsed ? "center" : "start"}
            borderRadius="md"
            fontSize="sm"
            fontWeight={isActive ? "semibold" : "medium"}
            bg={isActive ? "brand.subtle" : "transparent"}
            color={isActive ? "brand.fg" : "fg"}
            _hover={{ bg: isActive ? "brand.muted" : "bg.muted" }}
          >
            <Icon as={item.icon} boxSize="4" flexShrink="0" aria-hidden="true" />
            {collapsed ? <VisuallyHidden>{item.label}</VisuallyHidden> : <Text truncate>{item.label}</Text>}
            {item.badge && <item.badge collapsed={collapsed} />}
          </Flex>
        );
      }}
    </Link>
  );
}
