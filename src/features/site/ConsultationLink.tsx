import { Button, type ButtonProps, VisuallyHidden } from "@chakra-ui/react";
import { navigation } from "../../content/shared";
import { consultationUrl } from "./config";
import { FaWhatsappIcon } from "./icons/chrome";

/** WhatsApp click-to-chat with the consultation message prefilled; opens in a new tab. */
export function ConsultationLink(props: ButtonProps) {
  return (
    <Button asChild colorPalette="gold" {...props}>
      <a href={consultationUrl()} target="_blank" rel="noopener noreferrer" data-consultation="">
        <FaWhatsappIcon />
        {navigation.consultation}
        <VisuallyHidden> (opens WhatsApp in a new tab)</VisuallyHidden>
      </a>
    </Button>
  );
}
