import { Badge, Button, HStack, Text } from "@chakra-ui/react";
import { LuMailPlus } from "react-icons/lu";
import { formatDate } from "../../../common/format";
import { INVITATION_DAYS } from "../../../common/people";
import { toaster } from "../../components/Toaster";
import { errorMessage } from "../../lib/form-errors";
import { TOAST } from "../../lib/messages";
import { HiddenName } from "./PersonRow";
import { useResendInvitation } from "./people-api";

type Kind = "clients" | "developers" | "staff";

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
          onError: (error) =>
            toaster.create({
              type: "error",
              title: TOAST.error,
              description: `${TOAST.invitationResendFailed}: ${errorMessage(error)}`,
            }),
        })
      }
    >
      <LuMailPlus aria-hidden="true" />
      Resend invitation
      <HiddenName name={person.fullName} />
    </Button>
  );
}

/** A person page's "Account" line: deactivated, invited (with Resend invitation), unconfirmed or active. */
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
    archivedAt: string | null;
  };
}) {
  if (profile.archivedAt)
    return (
      <Badge colorPalette="gray" variant="surface">
        Deactivated {formatDate(profile.archivedAt)}
      </Badge>
    );
  if (profile.emailVerified) return "Active";
  if (profile.hasPassword) return "Signed up: has not confirmed their e-mail yet";
  return (
    <HStack gap="3" wrap="wrap">
      <Text as="span">Invited: has not set a password yet</Text>
      <ResendInvitationButton kind={kind} person={profile} />
    </HStack>
  );
}
