import { Badge, Button, HStack, Text } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { LuPencil, LuShieldCheck, LuTrash2, LuUserPlus } from "react-icons/lu";
import type { z } from "zod";
import type { AdminStaffMember, StaffQuery, StaffSort } from "../../../common/admin";
import { NAME_MAX_LENGTH } from "../../../common/domain";
import { EMAIL_MAX_LENGTH } from "../../../common/enquiry-options";
import { formatDate } from "../../../common/format";
import { STAFF_ROLE_LABELS, STAFF_ROLES, staffInviteSchema } from "../../../common/people";
import { fullNameSchema } from "../../../common/schemas";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DialogForm, DialogShell } from "../../components/DialogShell";
import { EmailAddress } from "../../components/EmailAddress";
import { FormField, SelectInput, TextInput } from "../../components/FormField";
import { changedFields } from "../../lib/changed-fields";
import { errorMessage } from "../../lib/form-errors";
import { submitMutation } from "../../lib/form-submit";
import { useLiveRefetch } from "../../lib/live";
import { TOAST } from "../../lib/messages";
import { useMe } from "../../lib/session";
import { serverMessage, toastOutcome, useLoadFailedToast } from "../../lib/toasts";
import { REACTIVATE_TEXTS, ResendInvitationButton, SignOutEverywhereButton } from "./Account";
import { type AdminColumn, AdminTable, type QueryChange } from "./AdminTable";
import { adminPeopleKey } from "./api";
import { HiddenName, PersonName, ReactivateButton } from "./PersonRow";
import {
  adminStaffKey,
  staffQueryOptions,
  useInviteStaff,
  useReactivate,
  useRemoveStaff,
  useUpdateStaff,
} from "./people-api";

export const REMOVE_STAFF_QUESTION = "Are you sure you want to remove this staff member?";
export const REMOVE_STAFF_NOTE =
  "Someone on projects or with tasks, messages or milestones is deactivated instead: they can no longer sign in, and their records are kept.";

const ROLE_PALETTES = { admin: "brand", developer: "blue" } as const;

/** Admin › Staff (issue #7): administrators and developers, with invite, edit (name, role) and remove. */
export function StaffPage({ query, onQueryChange }: { query: StaffQuery; onQueryChange: QueryChange<StaffQuery> }) {
  const staff = useQuery(staffQueryOptions(query));
  useLiveRefetch(adminPeopleKey, adminStaffKey);
  const { data: me } = useMe();

  // Spec §8: the server's own message.
  useLoadFailedToast(staff.isError, errorMessage(staff.error));

  const columns: AdminColumn<AdminStaffMember, StaffSort>[] = [
    {
      key: "name",
      header: "Name",
      sort: "name",
      cell: (member) => (
        <PersonName
          person={member}
          badges={
            <>
              {member.id === me?.id && (
                <Badge colorPalette="gray" variant="outline">
                  You
                </Badge>
              )}
              {!member.archivedAt && !member.emailVerified && (
                <Badge colorPalette="orange" variant="surface">
                  Invited
                </Badge>
              )}
            </>
          }
        />
      ),
    },
    {
      key: "role",
      header: "Role",
      sort: "role",
      cell: (member) => (
        <Badge colorPalette={ROLE_PALETTES[member.role]} variant="subtle">
          {STAFF_ROLE_LABELS[member.role]}
        </Badge>
      ),
    },
    { key: "joined", header: "Joined", sort: "joined", cell: (member) => formatDate(member.createdAt) },
    {
      key: "actions",
      header: "Actions",
      align: "end",
      actions: true,
      cell: (member) => <StaffActions member={member} self={member.id === me?.id} />,
    },
  ];

  return (
    <AdminTable
      caption="Administrators and developers"
      columns={columns}
      query={query}
      onQueryChange={onQueryChange}
      data={staff.data}
      pending={staff.isPending}
      error={staff.isError}
      onRetry={() => staff.refetch()}
      search={{ label: "Search by name or e-mail", placeholder: "Name or e-mail" }}
      empty={{
        title: "No staff found",
        text: "Administrators and developers appear here.",
        icon: <LuShieldCheck aria-hidden="true" />,
      }}
    />
  );
}

function StaffActions({ member, self }: { member: AdminStaffMember; self: boolean }) {
  const remove = useRemoveStaff();
  const reactivate = useReactivate("staff");
  return (
    <HStack gap="2" justify="end" wrap="wrap">
      {member.archivedAt && <ReactivateButton person={member} reactivate={reactivate} texts={REACTIVATE_TEXTS.staff} />}
      {!member.archivedAt && !member.emailVerified && <ResendInvitationButton kind="staff" person={member} />}
      <EditStaffDialog member={member} self={self} />
      {!self && !member.archivedAt && member.emailVerified && <SignOutEverywhereButton kind="staff" person={member} />}
      {!self && !member.archivedAt && (
        <ConfirmDialog
          question={REMOVE_STAFF_QUESTION}
          description={`${member.fullName} (${member.email}). ${REMOVE_STAFF_NOTE}`}
          confirmLabel="Remove"
          onConfirm={() =>
            toastOutcome(remove.mutateAsync(member.id), {
              saved: (result) => ({
                title: result.outcome === "deleted" ? TOAST.staffRemoved : TOAST.staffDeactivated,
              }),
              // Spec §8: staff removal shows the server's own message.
              failed: serverMessage,
            })
          }
          trigger={
            <Button size="xs" variant="outline" colorPalette="red">
              <LuTrash2 aria-hidden="true" />
              Remove
              <HiddenName name={member.fullName} />
            </Button>
          }
        />
      )}
    </HStack>
  );
}

/** The roles both dialogs offer. */
const ROLE_OPTIONS = STAFF_ROLES.map((role) => (
  <option key={role} value={role}>
    {STAFF_ROLE_LABELS[role]}
  </option>
));

type InviteValues = z.input<typeof staffInviteSchema>;
const EMPTY_INVITE: InviteValues = { fullName: "", email: "", role: "developer" };

/** The page's main action (`PageHeader`'s `action`): invite a staff member by e-mail, with a role. */
export function InviteStaffDialog() {
  const invite = useInviteStaff();
  const [open, setOpen] = useState(false);
  const form = useForm<InviteValues, unknown, z.output<typeof staffInviteSchema>>({
    resolver: zodResolver(staffInviteSchema),
    defaultValues: EMPTY_INVITE,
  });
  const { errors } = form.formState;
  const onSubmit = submitMutation(form, invite, {
    saved: { title: TOAST.staffInvited },
    onSaved: () => {
      form.reset(EMPTY_INVITE);
      setOpen(false);
    },
  });
  return (
    <DialogShell
      open={open}
      onOpenChange={(event) => setOpen(event.open)}
      trigger={
        <Button colorPalette="brand" size="sm">
          <LuUserPlus aria-hidden="true" />
          Add staff member
        </Button>
      }
    >
      <DialogForm
        title="Add staff member"
        onSubmit={onSubmit}
        error={errors.root?.server?.message}
        submitLabel="Send invitation"
        pending={invite.isPending}
      >
        <Text color="fg.muted" fontSize="sm">
          They receive an e-mail with a link to choose their password.
        </Text>
        <FormField label="Full name" required error={errors.fullName?.message}>
          <TextInput autoComplete="off" maxLength={NAME_MAX_LENGTH} {...form.register("fullName")} />
        </FormField>
        <FormField label="E-mail" required error={errors.email?.message}>
          <TextInput type="email" autoComplete="off" maxLength={EMAIL_MAX_LENGTH} {...form.register("email")} />
        </FormField>
        <FormField label="Role" required error={errors.role?.message}>
          <SelectInput {...form.register("role")}>{ROLE_OPTIONS}</SelectInput>
        </FormField>
      </DialogForm>
    </DialogShell>
  );
}

const editSchema = staffInviteSchema.pick({ role: true }).extend({ fullName: fullNameSchema });
type EditValues = z.input<typeof editSchema>;

function EditStaffDialog({ member, self }: { member: AdminStaffMember; self: boolean }) {
  const update = useUpdateStaff();
  const [open, setOpen] = useState(false);
  const initial: EditValues = { fullName: member.fullName, role: member.role };
  /** The member as the form opened on them: only what is changed from it is sent. */
  const opened = useRef(initial);
  const form = useForm<EditValues, unknown, z.output<typeof editSchema>>({
    resolver: zodResolver(editSchema),
    defaultValues: initial,
  });
  const { errors } = form.formState;
  /** What a save changes: the fields edited, never one's own role (its field is disabled, and refused). */
  const changes = ({ fullName, role }: EditValues) =>
    changedFields(opened.current, { fullName, role: self ? opened.current.role : role });
  const onSubmit = submitMutation(form, update, {
    variables: (values) => ({ id: member.id, ...changes(values) }),
    unchanged: (values) => (Object.keys(changes(values)).length === 0 ? member : undefined),
    saved: { title: TOAST.staffUpdated },
    onSaved: () => setOpen(false),
  });
  return (
    <DialogShell
      open={open}
      onOpenChange={(event) => {
        if (event.open) {
          opened.current = initial;
          form.reset(initial);
        }
        setOpen(event.open);
      }}
      trigger={
        <Button size="xs" variant="outline">
          <LuPencil aria-hidden="true" />
          Edit
          <HiddenName name={member.fullName} />
        </Button>
      }
    >
      <DialogForm
        title="Edit staff member"
        onSubmit={onSubmit}
        error={errors.root?.server?.message}
        submitLabel="Save"
        pending={update.isPending}
      >
        <Text color="fg.muted" fontSize="sm">
          <EmailAddress email={member.email} />
        </Text>
        <FormField label="Full name" required error={errors.fullName?.message}>
          <TextInput autoComplete="off" maxLength={NAME_MAX_LENGTH} {...form.register("fullName")} />
        </FormField>
        <FormField
          label="Role"
          required
          disabled={self}
          error={errors.role?.message}
          helperText={self ? "You cannot change your own role." : undefined}
        >
          <SelectInput {...form.register("role")}>{ROLE_OPTIONS}</SelectInput>
        </FormField>
      </DialogForm>
    </DialogShell>
  );
}
