import { Badge, Button, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import type { MouseEvent } from "react";
import { LuLogOut } from "react-icons/lu";
import { formatDateTime } from "../../../common/format";
import type { SignedInDevice } from "../../../common/sessions";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { LoadFailed } from "../../components/LoadFailed";
import { keepPlace } from "../../lib/keep-place";
import { TOAST } from "../../lib/messages";
import { failedWith, toastOutcome } from "../../lib/toasts";
import { signedInDevicesQuery, useSignOutDevice, useSignOutOtherDevices } from "./api";
import { NO_OTHER_DEVICES, SIGN_OUT_OTHERS_QUESTION } from "./labels";
import { SettingsCard } from "./SettingsCard";

/**
 * Settings' "Signed-in devices": where the account is signed in, so a session left on a shared or
 * lost device can be ended from this one. An ended device's open pages are signed out at once (the
 * live channel closes its sockets). This device leaves by Logout.
 */
export function SignedInDevicesCard() {
  const list = useQuery(signedInDevicesQuery);
  const signOut = useSignOutDevice();
  const signOutOthers = useSignOutOtherDevices();

  // The row leaves the list with its result, taking this component's button: the toast hangs on the
  // promise, not on mutate's callbacks (ConfirmDialog says why).
  const signOutDevice = (device: SignedInDevice, event: MouseEvent<HTMLButtonElement>) => {
    keepPlace(event.currentTarget);
    void toastOutcome(signOut.mutateAsync(device.id), {
      saved: { title: TOAST.deviceSignedOut, description: device.device },
      failed: failedWith(TOAST.deviceSignOutFailed),
    });
  };

  return (
    <SettingsCard
      title="Signed-in devices"
      description="Where your account is signed in. Sign out of a device you no longer use or do not recognise: its open pages are signed out at once."
    >
      {list.isPending ? (
        <Stack gap="3" aria-busy="true">
          <Text srOnly role="status">
            Loading signed-in devices…
          </Text>
          <Skeleton h="10" />
          <Skeleton h="10" />
        </Stack>
      ) : !list.data ? (
        <LoadFailed message="Signed-in devices could not be loaded." onRetry={() => list.refetch()} />
      ) : (
        <Stack gap="4">
          <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
            {list.data.devices.map((device) => (
              <HStack as="li" key={device.id} justify="space-between" align="center" gap="3">
                <Stack gap="0.5" minW="0">
                  <HStack gap="2" wrap="wrap">
                    <Text fontWeight="medium">{device.device}</Text>
                    {device.current && (
                      <Badge colorPalette="brand" variant="subtle">
                        This device
                      </Badge>
                    )}
                  </HStack>
                  <Text color="fg.muted" textStyle="sm">
                    Signed in {formatDateTime(device.signedInAt)}
                    {device.ipAddress && ` · ${device.ipAddress}`}
                  </Text>
                </Stack>
                {!device.current && (
                  <Button
                    size="xs"
                    variant="outline"
                    flexShrink={0}
                    aria-label={`Sign out ${device.device}, signed in ${formatDateTime(device.signedInAt)}`}
                    loading={signOut.isPending && signOut.variables === device.id}
                    disabled={signOut.isPending && signOut.variables === device.id}
                    onClick={(event) => signOutDevice(device, event)}
                  >
                    Sign out
                  </Button>
                )}
              </HStack>
            ))}
          </Stack>
          {list.data.total <= 1 ? (
            <Text color="fg.muted" textStyle="sm">
              {NO_OTHER_DEVICES}
            </Text>
          ) : (
            <Stack gap="2" align="start">
              {list.data.total > list.data.devices.length && (
                <Text color="fg.muted" textStyle="sm">
                  And {list.data.total - list.data.devices.length} older sign-ins not listed.
                </Text>
              )}
              <ConfirmDialog
                question={SIGN_OUT_OTHERS_QUESTION}
                description="Every device but this one will have to sign in again."
                confirmLabel="Sign out of other devices"
                onConfirm={() =>
                  toastOutcome(signOutOthers.mutateAsync(), {
                    saved: { title: TOAST.otherDevicesSignedOut },
                    failed: failedWith(TOAST.otherDevicesSignOutFailed),
                  })
                }
                trigger={
                  <Button size="sm" variant="outline" colorPalette="red">
                    <LuLogOut aria-hidden="true" />
                    Sign out of other devices
                  </Button>
                }
              />
            </Stack>
          )}
        </Stack>
      )}
    </SettingsCard>
  );
}
