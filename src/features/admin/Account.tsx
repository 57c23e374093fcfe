import { Badge, Button, HStack, Text } from "@chakra-ui/react";
import { LuLogOut, LuMailPlus } from "react-icons/lu";
import { countOf, formatDate } from "../../../common/format";
import { INVITATION_DAYS } from "../../../common/people";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { toaster } from "../../components/Toaster";
import { TOAST } from "../../lib/messages";
import { failedWith, toast, toastOutcome } from "../../lib/toasts";
import { SIGN_OUT_EVERYWHERE_QUESTION } from "./labels";
import { HiddenName, ReactivateButton } from "./PersonRow";
import { useReactivate, useResendInvitation, useSignOutEverywhere } from "./people-api";

type Kind = "clients" | "developers" | "staff";

/** Spec §8's words for a reactivation, by whom it is of. */
export const REACTIVATE_TEXTS = {
  clients: { reactivated: TOAST.clientReactivated, reactivateFailed: TOAST.clientReactivateFailed },
  developers: { reactivated: TOAST.developerReactivated, reactivateFailed: TOAST.developerReactivateFailed },
  staff: { reactivated: TOAST.staffReactivated, reactivateFailed: TOAST.staffReactivateFailed },
} as const;

/**
 * The invitation e-mailed again, for someone who has not chosen a password yet: the first link
 * expired (it lasts INVITATION_DAYS) or went astray. The server refuses (409, its message in the
 * toast) once they have chosen one, or when the account is deactivated.
 */
export function ResendInvitationButton({
  kind,
  person,
}: {
  kind: Kind;
  person: { id: string; fullName: string; email: string };
}) {
  const resend = useResendInvitation(kind);
  return (
    <Button
      size="xs"
      variant="outline"
      loading={resend.isPending}
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(person.id, {
          onSuccess: () =>
            toaster.create({
              type: "success",
              title: TOAST.invitationResent,
              description: `To ${person.email}: the link is valid for ${INVITATION_DAYS} days.`,
            }),
          onError: (error) => toast("error", failedWith(TOAST.invitationResendFailed), error),
        })
      }
    >
      <LuMailPlus aria-hidden="true" />
      Resend invitation
      <HiddenName name={person.fullName} />
    </Button>
  );
}

/**
 * Every session of the person ended, after a confirmation (a lost phone, a shared computer): their
 * open pages go to the sign-in page at once; their password stays. The server refuses your own
 * account (Settings › Signed-in devices and Logout do that).
 */
export function SignOutEverywhereButton({ kind, person }: { kind: Kind; person: { id: string; fullName: string } }) {
  const signOut = useSignOutEverywhere(kind);
  return (
    <ConfirmDialog
      question={SIGN_OUT_EVERYWHERE_QUESTION}
      description={`${person.fullName} is signed out on every device: their open pages go to the sign-in page. Their password stays, so they can sign in again; if someone else may know it, ask them to reset it.`}
      confirmLabel="Sign out everywhere"
      onConfirm={() =>
        toastOutcome(signOut.mutateAsync(person.id), {
          saved: (result) => ({
            title: TOAST.signedOutEverywhere,
            description: `${person.fullName}: ${devices(result.ended)} signed out.`,
          }),
          failed: failedWith(TOAST.signOutEverywhereFailed),
        })
      }
      trigger={
        <Button size="xs" variant="outline" disabled={signOut.isPending}>
          <LuLogOut aria-hidden="true" />
          Sign out everywhere
          <HiddenName name={person.fullName} />
        </Button>
      }
    />
  );
}

const devices = (count: number) => countOf(count, "device");

/**
 * A person page's "Account" line: deactivated, invited (with Resend invitation), unconfirmed or
 * active, with the devices they are signed in on (and Sign out everywhere while there are any).
 */
export function AccountStatus({
  kind,
  profile,
}: {
  kind: Kind;
  profile: {
    id: string;
    fullName: string;
    email: string;
    emailVerified: boolean;
    hasPassword: boolean;
    signedInDevices: number;
    archivedAt: string | null;
  };
}) {
  const reactivate = useReactivate(kind);
  if (profile.archivedAt)
    return (
      <HStack gap="3" wrap="wrap">
        <Badge colorPalette="gray" variant="surface">
          Deactivated {formatDate(profile.archivedAt)}
        </Badge>
        <ReactivateButton person={profile} reactivate={reactivate} texts={REACTIVATE_TEXTS[kind]} />
      </HStack>
    );
  if (profile.emailVerified)
    return (
      <HStack gap="3" wrap="wrap">
        <Text as="span">
          Active ·{" "}
          {profile.signedInDevices === 0 ? "not signed in" : `signed in on ${devices(profile.signedInDevices)}`}
        </Text>
        {profile.signedInDevices > 0 && <SignOutEverywhereButton kind={kind} person={profile} />}
      </HStack>
    );
  if (profile.hasPassword) return "Signed up: has not confirmed their e-mail yet";
  return (
    <HStack gap="3" wrap="wrap">
      <Text as="span">Invited: has not set a password yet</Text>
      <ResendInvitationButton kind={kind} person={profile} />
    </HStack>
  );
}
