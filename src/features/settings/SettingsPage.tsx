import { SimpleGrid, Stack } from "@chakra-ui/react";
import type { Profile } from "../../../common/api";
import { PageHeader } from "../../components/PageHeader";
import { AccountInfo } from "./AccountInfo";
import { ChangePasswordForm } from "./ChangePasswordForm";
import { MailPreferencesCard } from "./MailPreferencesCard";
import { ProfileForm } from "./ProfileForm";
import { SignedInDevicesCard } from "./SignedInDevicesCard";

export function SettingsPage({ me }: { me: Profile }) {
  return (
    <>
      <PageHeader
        title="Settings"
        description="Manage your profile, password, e-mail notifications, signed-in devices and account."
      />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <Stack gap="6">
          <ProfileForm me={me} />
          <MailPreferencesCard />
        </Stack>
        <Stack gap="6">
          <ChangePasswordForm email={me.email} />
          <SignedInDevicesCard />
          <AccountInfo me={me} />
        </Stack>
      </SimpleGrid>
    </>
  );
}
