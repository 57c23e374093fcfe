import { Button, type ButtonProps, VisuallyHidden } from "@chakra-ui/react";
import { navigation } from "../../content/shared";
import { consultationUrl } from "./config";
import { FaWhatsappIcon } from "./icons/chrome";

/**
 * WhatsApp click-to-chat with the consultation message prefilled; opens in a new tab. `iconOnly`: its
 * icon, named by its words for screen readers, where a header has no room for them (a tablet's).
 */
export function ConsultationLink({ iconOnly = false, ...props }: ButtonProps & { iconOnly?: boolean }) {
  return (
    <Button asChild colorPalette="gold" {...props}>
      <a
        href={consultationUrl()}
        target="_blank"
        rel="noopener noreferrer"
        data-consultation=""
        title={iconOnly ? navigation.consultation : undefined}
      >
        <FaWhatsappIcon />
        {iconOnly ? <VisuallyHidden>{navigation.consultation}</VisuallyHidden> : navigation.consultation}
        <VisuallyHidden> (opens WhatsApp in a new tab)</VisuallyHidden>
      </a>
    </Button>
  );
}
