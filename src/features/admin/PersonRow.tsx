import { Badge, Button, HStack, Link, Stack, Text } from "@chakra-ui/react";
import type { UseMutationResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LuTrash2 } from "react-icons/lu";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmailAddress } from "../../components/EmailAddress";
import { toaster } from "../../components/Toaster";
import { keepPlace } from "../../lib/keep-place";
import { failure, toastFailure, toastOutcome } from "../../lib/toasts";

/**
 * The parts of a row of people the clients' and developers' tables share: the name with its
 * "Deactivated" badge, and View, Delete (which deactivates someone with records) and Reactivate.
 */

type Person = { id: string; fullName: string; email: string; archivedAt: string | null };

/** Names the row's person for screen readers, so each row's "View" and "Delete" differ. */
export function HiddenName({ name }: { name: string }) {
  return (
    <Text as="span" srOnly>
      {` ${name}`}
    </Text>
  );
}

/**
 * A people table's first cell: the person's name, marked when their account is deactivated, and their e-mail.
 * `badges` go beside the name, before Deactivated (Staff's "You" and "Invited").
 */
export function PersonName({ person, badges }: { person: Person; badges?: ReactNode }) {
  return (
    <Stack gap="0">
      <HStack gap="2">
        <Text fontWeight="medium">{person.fullName}</Text>
        {badges}
        {person.archivedAt && (
          <Badge colorPalette="gray" variant="surface">
            Deactivated
          </Badge>
        )}
      </HStack>
      <Text color="fg.muted" fontSize="xs">
        <EmailAddress email={person.email} />
      </Text>
    </Stack>
  );
}

/** What each table says around Delete and Reactivate (spec §5 and §8 give the question and the toasts). */
export type PersonActionTexts = {
  deleteQuestion: string;
  /** Why Delete may deactivate instead, after the person's name and e-mail in the dialog. */
  deleteNote: string;
  deleted: string;
  deactivated: string;
  deleteFailed: string;
  reactivated: string;
  reactivateFailed: string;
};

export function PersonRowActions({
  person,
  viewLink,
  remove,
  reactivate,
  texts,
}: {
  person: Person;
  /** The person's detail page as a router link around `children`. */
  viewLink: (children: ReactNode) => ReactNode;
  remove: UseMutationResult<{ outcome: "deleted" | "deactivated" }, Error, string>;
  reactivate: UseMutationResult<unknown, Error, string>;
  texts: PersonActionTexts;
}) {
  return (
    <HStack gap="2" justify="end">
      <Link asChild variant="underline" fontSize="sm">
        {viewLink(
          <>
            View
            <HiddenName name={person.fullName} />
          </>,
        )}
      </Link>
      {person.archivedAt ? (
        <ReactivateButton person={person} reactivate={reactivate} texts={texts} />
      ) : (
        <ConfirmDialog
          question={texts.deleteQuestion}
          description={`${person.fullName} (${person.email}). ${texts.deleteNote}`}
          confirmLabel="Delete"
          onConfirm={() =>
            toastOutcome(remove.mutateAsync(person.id), {
              saved: (result) => ({ title: result.outcome === "deleted" ? texts.deleted : texts.deactivated }),
              failed: failure(texts.deleteFailed),
            })
          }
          trigger={
            <Button size="xs" variant="outline" colorPalette="red">
              <LuTrash2 aria-hidden="true" />
              Delete
              <HiddenName name={person.fullName} />
            </Button>
          }
        />
      )}
    </HStack>
  );
}

/** Reactivate on a deactivated person's row (clients, developers, staff): they may sign in again. */
export function ReactivateButton({
  person,
  reactivate,
  texts,
}: {
  person: Pick<Person, "id" | "fullName">;
  reactivate: UseMutationResult<unknown, Error, string>;
  texts: Pick<PersonActionTexts, "reactivated" | "reactivateFailed">;
}) {
  return (
    <Button
      size="xs"
      variant="outline"
      loading={reactivate.isPending}
      onClick={(event) => {
        keepPlace(event.currentTarget);
        reactivate.mutate(person.id, {
          onSuccess: () => toaster.create({ type: "success", title: texts.reactivated }),
          onError: () => toastFailure(texts.reactivateFailed),
        });
      }}
    >
      Reactivate
      <HiddenName name={person.fullName} />
    </Button>
  );
}
