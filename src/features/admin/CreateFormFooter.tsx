import { Button, Card, HStack } from "@chakra-ui/react";
import { type LinkProps, Link as RouterLink } from "@tanstack/react-router";

/** A create page's footer (new project, new invoice): the submit button, busy while `pending`, and Cancel. */
export function CreateFormFooter({
  submitLabel,
  pending,
  cancelTo,
}: {
  submitLabel: string;
  pending: boolean;
  /** Where Cancel goes: the page the form was opened from. */
  cancelTo: LinkProps["to"];
}) {
  return (
    <Card.Footer>
      <HStack gap="3">
        <Button type="submit" colorPalette="brand" loading={pending}>
          {submitLabel}
        </Button>
        <Button asChild variant="outline">
          <RouterLink to={cancelTo}>Cancel</RouterLink>
        </Button>
      </HStack>
    </Card.Footer>
  );
}
