import { Badge, Card, DataList, Heading } from "@chakra-ui/react";
import type { Profile } from "../../../common/api";
import { formatDate } from "../projects/format";

export function AccountInfo({ me }: { me: Profile }) {
  return (
    <Card.Root as="section" aria-labelledby="account-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="account-heading">
          Account Information
        </Heading>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal" gap="3">
          <DataList.Item>
            <DataList.ItemLabel>Account created</DataList.ItemLabel>
            <DataList.ItemValue>{formatDate(me.createdAt)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Last updated</DataList.ItemLabel>
            <DataList.ItemValue>{formatDate(me.updatedAt)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Account status</DataList.ItemLabel>
            <DataList.ItemValue>
              <Badge colorPalette="brand" variant="solid">
                Active
              </Badge>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}
