import { drawerSlotRecipe } from "virtual:lazy-recipes";
import { Button, CloseButton, chakra, Drawer, Portal, Stack } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { RefObject } from "react";
import { navigation } from "../../content/shared";
import { ConsultationLink } from "./ConsultationLink";
import { navLinkStyles } from "./SiteHeader";

const NavLink = chakra(Link);

type MobileMenuProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
};

/** The slide-out navigation under the 768px breakpoint: focus stays inside, Escape closes it. */
export default function MobileMenu({ open, onOpenChange, returnFocusTo }: MobileMenuProps) {
  const close = () => onOpenChange(false);
  return (
    <Drawer.Root
      // Loaded with this chunk, when the menu first opens, instead of with every page.
      recipe={drawerSlotRecipe}
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="end"
      size="xs"
      finalFocusEl={() => returnFocusTo.current}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content aria-label="Menu">
            <Drawer.Header>
              <Drawer.Title color="brand.900">Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <nav aria-label="Mobile">
                <Stack as="ul" gap="1" listStyleType="none">
                  {navigation.main.map((item) => (
                    <li key={item.to}>
                      <NavLink
                        to={item.to}
                        activeOptions={{ exact: item.to === "/" }}
                        display="block"
                        fontSize="lg"
                        onClick={close}
                        {...navLinkStyles}
                      >
                        {item.label}
                      </NavLink>
                    </li>
                  ))}
                </Stack>
              </nav>
              <Stack gap="3" mt="8">
                <Button asChild variant="outline" colorPalette="brand">
                  {/* A page load, as the header's (SiteHeader.tsx). */}
                  <Link to="/auth" reloadDocument onClick={close}>
                    {navigation.startNow}
                  </Link>
                </Button>
                <ConsultationLink />
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton aria-label={navigation.menuClose} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
