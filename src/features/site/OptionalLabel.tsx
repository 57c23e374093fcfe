import { Text } from "@chakra-ui/react";
import { contactPage } from "../../content/contact";

/** A form label for a field the visitor may leave empty: "Company (optional)". */
export function OptionalLabel({ text }: { text: string }) {
  return (
    <>
      {text}{" "}
      <Text as="span" color="gray.600" fontWeight="normal">
        {contactPage.optional}
      </Text>
    </>
  );
}
