import { Box, Button, Flex, Icon, Portal, Stack, Text, Tooltip, useTooltip, VisuallyHidden } from "@chakra-ui/react";
import { Link, useNavigate, useRouterState } from "@tanstack/react-router";
import { type HTMLAttributes, type ReactNode, useState } from "react";
import { LuLogOut } from "react-icons/lu";
import type { Profile } from "../../../common/api";
import { TOAST } from "../../lib/messages";
import { useSignOut } from "../../lib/session";
import { toastFailure } from "../../lib/toasts";
import { type NavItem, navFor, withinAlso } from "./nav";

type Props = {
  me: Profile;
  /** Icon-only rail: labels stay in the accessibility tree, visually hidden, and show beside an icon on focus or hover. */
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
        <RailLabel label="Logout" collapsed={collapsed}>
          {({ onClick, ...trigger }) => (
            <Button
              {...trigger}
              variant="ghost"
              size="sm"
              width="full"
              justifyContent={collapsed ? "center" : "start"}
              px={collapsed ? "0" : "2"}
              onClick={(event) => {
                onClick?.(event);
                void logout();
              }}
              loading={signingOut}
            >
              <LuLogOut aria-hidden="true" />
              {collapsed ? <VisuallyHidden>Logout</VisuallyHidden> : "Logout"}
            </Button>
          )}
        </RailLabel>
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
    <RailLabel label={item.label} collapsed={collapsed}>
      {({ onClick, ...trigger }) => (
        <Link
          {...trigger}
          to={item.to}
          activeOptions={{ exact: item.exact ?? false }}
          onClick={(event) => {
            onClick?.(event);
            onNavigate?.();
          }}
          aria-current={inSection ? "true" : undefined}
          // A block: Chromium draws no focus outline around an inline link that holds a block.
          style={{ display: "block" }}
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
      )}
    </RailLabel>
  );
}

/**
 * What the rail's label adds to the control it names (its focus, pointer and click handlers, id and state),
 * nothing while the sidebar is expanded. Typed for any element: Zag types them for a button.
 */
type RailTrigger = HTMLAttributes<HTMLElement>;

/**
 * The label of a control of the collapsed rail, drawn beside its icon while it has the keyboard focus
 * or the pointer (a `title` showed on hover only), and gone with Escape: Chakra's tooltip, in a portal,
 * as the nav scrolls and would clip it. Sighted only: the control is named by its own visually hidden
 * label, and the tooltip, as its description too, would have it read twice. Always rendered, with the
 * trigger's props only while collapsed, so folding the sidebar keeps the focused control in place.
 */
function RailLabel({
  label,
  collapsed,
  children,
}: {
  label: string;
  collapsed: boolean;
  children: (trigger: RailTrigger) => ReactNode;
}) {
  const tooltip = useTooltip({ disabled: !collapsed, positioning: { placement: "right" } });
  const { "aria-describedby": _description, ...trigger } = tooltip.getTriggerProps() as RailTrigger;
  return (
    <Tooltip.RootProvider value={tooltip} lazyMount unmountOnExit>
      {children(collapsed ? trigger : {})}
      {collapsed && (
        <Portal>
          <Tooltip.Positioner>
            <Tooltip.Content aria-hidden="true" data-testid="rail-label">
              {label}
            </Tooltip.Content>
          </Tooltip.Positioner>
        </Portal>
      )}
    </Tooltip.RootProvider>
  );
}
