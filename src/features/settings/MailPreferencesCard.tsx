import { Skeleton, Stack, Switch, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import type { NotificationKind } from "../../../common/api";
import { LoadFailed } from "../../components/LoadFailed";
import { toaster } from "../../components/Toaster";
import { TOAST } from "../../lib/messages";
import { toastFailure } from "../../lib/toasts";
import { mailPreferencesQuery, useUpdateMailPreference } from "./api";
import { SettingsCard } from "./SettingsCard";

/**
 * Settings' "E-mail notifications": a switch per kind of mail the person's
 * role receives, each saved when flipped (issue #8 item 5).
 */
export function MailPreferencesCard() {
  const preferences = useQuery(mailPreferencesQuery);
  const update = useUpdateMailPreference();

  const toggle = (kind: NotificationKind, enabled: boolean) =>
    update.mutate(
      { kind, enabled },
      {
        onSuccess: () => toaster.create({ type: "success", title: TOAST.mailPreferencesSaved }),
        onError: () => toastFailure(TOAST.mailPreferencesFailed),
      },
    );

  return (
    <SettingsCard
      title="E-mail notifications"
      description="Choose which e-mails you get. New messages are e-mailed only if still unread after a few minutes, at most once per project every 15 minutes."
    >
      {preferences.isPending ? (
        <Stack gap="3" aria-busy="true">
          <Text srOnly role="status">
            Loading e-mail preferences…
          </Text>
          <Skeleton h="6" />
          <Skeleton h="6" />
          <Skeleton h="6" />
        </Stack>
      ) : !preferences.data ? (
        <LoadFailed message="E-mail preferences could not be loaded." onRetry={() => preferences.refetch()} />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
          {preferences.data.items.map((item) => (
            <li key={item.kind}>
              <Switch.Root
                colorPalette="brand"
                checked={item.enabled}
                onCheckedChange={(details) => toggle(item.kind, details.checked)}
                display="flex"
                justifyContent="space-between"
                width="full"
              >
                <Switch.HiddenInput />
                <Switch.Label>{item.label}</Switch.Label>
                <Switch.Control>
                  <Switch.Thumb />
                </Switch.Control>
              </Switch.Root>
            </li>
          ))}
        </Stack>
      )}
    </SettingsCard>
  );
}
