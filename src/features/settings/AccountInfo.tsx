import { Badge } from "@chakra-ui/react";
import type { Profile } from "../../../common/api";
import { formatDate } from "../../../common/format";
import { InfoList } from "../../components/InfoList";
import { SettingsCard } from "./SettingsCard";

export function AccountInfo({ me }: { me: Profile }) {
  return (
    <SettingsCard title="Account Information">
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
    </SettingsCard>
  );
}
