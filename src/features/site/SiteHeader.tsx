import { Box, Button, Container, chakra, Flex, HStack } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { type RefObject, Suspense, useRef, useState } from "react";
import { navigation } from "../../content/shared";
import { lazyOr } from "../../lib/lazy";
import { ConsultationLink } from "./ConsultationLink";
import { MenuIcon } from "./icons/chrome";
import { Logo } from "./Logo";

type MenuProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
};

/**
 * The drawer (and the dialog machinery behind it) loads only when a visitor opens it. When its code
 * cannot load (a phone's connection dropped), the menu's links show plainly below the header instead,
 * so the visitor can go on; the next render tries the drawer again.
 */
const mobileMenu = lazyOr(() => import("./MobileMenu").then((module) => module.default), PlainMenu);

function PlainMenu({ open, onOpenChange }: MenuProps) {
  if (!open) return null;
  return (
    <chakra.nav aria-label="Menu" borderTopWidth="1px" borderColor="gray.200" px="4" py="2">
      <chakra.ul listStyleType="none">
        {navigation.main.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} display="block" {...navLinkStyles} onClick={() => onOpenChange(false)}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </chakra.ul>
    </chakra.nav>
  );
}

export const navLinkStyles = {
  px: "3",
  py: "2",
  rounded: "md",
  fontWeight: "medium",
  color: "gray.800",
  _hover: { bg: "brand.50", color: "brand.800" },
  "&[aria-current=page]": { color: "brand.800", bg: "brand.50", fontWeight: "semibold" },
} as const;

const NavLink = chakra(Link);

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const MobileMenu = mobileMenu();

  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="white/95"
      borderBottomWidth="1px"
      borderColor="gray.200"
      backdropFilter="saturate(180%) blur(8px)"
    >
      <chakra.a
        href="#main"
        position="absolute"
        left="2"
        top="-12"
        zIndex="skipLink"
        bg="brand.800"
        color="white"
        px="4"
        py="2"
        rounded="md"
        _focusVisible={{ top: "2" }}
      >
        {navigation.skipLink}
      </chakra.a>
      <Container maxW="7xl">
        <Flex h="16" align="center" justify="space-between" gap="4">
          <Logo />
          <Box as="nav" aria-label="Main" display={{ base: "none", md: "block" }}>
            <HStack as="ul" gap="1" listStyleType="none">
              {navigation.main.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    activeOptions={{ exact: item.to === "/" }}
                    {...navLinkStyles}
                    // Narrower on a tablet, whose header holds them, Start Now and the consultation link's icon.
                    px={{ md: "2", lg: "3" }}
                    fontSize={{ md: "sm", lg: "md" }}
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </HStack>
          </Box>
          <HStack gap="2" display={{ base: "none", md: "flex" }}>
            <Button asChild variant="outline" colorPalette="brand" size="sm">
              {/* A page load: the server sends a signed-in person on to the portal and anyone else the
                  prerendered sign-in page, so the app need not ask who is signed in (a 401 in the console). */}
              <Link to="/auth" reloadDocument>
                {navigation.startNow}
              </Link>
            </Button>
            {/* Spec §1 puts it in the header: between the phone's drawer and a desktop's room for its words, its icon. */}
            <ConsultationLink size="sm" iconOnly display={{ base: "none", md: "inline-flex", lg: "none" }} />
            <ConsultationLink size="sm" display={{ base: "none", lg: "inline-flex" }} />
          </HStack>
          <Button
            ref={menuButton}
            display={{ base: "inline-flex", md: "none" }}
            variant="ghost"
            colorPalette="brand"
            aria-label={navigation.menuOpen}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuLoaded(true);
              setMenuOpen(true);
            }}
          >
            <MenuIcon aria-hidden="true" />
          </Button>
        </Flex>
      </Container>
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} returnFocusTo={menuButton} />
        </Suspense>
      )}
    </Box>
  );
}
