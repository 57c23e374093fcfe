import { Badge, Card, Heading } from "@chakra-ui/react";
import type { Profile } from "../../../common/api";
import { formatDate } from "../../../common/format";
import { InfoList } from "../../components/InfoList";

export function AccountInfo({ me }: { me: Profile }) {
  return (
    <Card.Root as="section" aria-labelledby="account-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="account-heading">
          Account Information
        </Heading>
      </Card.Header>
      <Card.Body>
        <InfoList
          items={[
            { label: "Account created", value: formatDate(me.createdAt) },
            { label: "Last updated", value: formatDate(me.updatedAt) },
            {
              label: "Account status",
              value: (
                <Badge colorPalette="brand" variant="solid">
                  Active
                </Badge>
              ),
            },
          ]}
        />
      </Card.Body>
    </Card.Root>
  );
}
