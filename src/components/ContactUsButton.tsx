import { Button } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";

/** Spec §2: what an empty list offers a client, to start something with the company. */
export const CONTACT_US = "Contact Us";

/** Contact Us, to the contact page: the action of a client's empty projects and services. */
export function ContactUsButton() {
  return (
    <Button asChild colorPalette="brand">
      <Link to="/contact">{CONTACT_US}</Link>
    </Button>
  );
}
