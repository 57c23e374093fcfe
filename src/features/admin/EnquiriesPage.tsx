import { Badge, Button, Dialog, Skeleton, SkeletonText, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "@tanstack/react-router";
import { useRef, useState } from "react";
import { LuInbox, LuReply, LuUserPlus } from "react-icons/lu";
import {
  type AdminEnquiry,
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  type EnquiriesQuery,
  type EnquirySort,
  type EnquiryStatus,
} from "../../../common/admin";
import { company } from "../../../common/company";
import { enquiryBudgetLabels, enquiryServiceLabels } from "../../../common/domain";
import { formatDateTime } from "../../../common/format";
import { DialogShell } from "../../components/DialogShell";
import { EmailAddress } from "../../components/EmailAddress";
import { SelectInput } from "../../components/FormField";
import { InfoList } from "../../components/InfoList";
import { LoadFailed } from "../../components/LoadFailed";
import { toaster } from "../../components/Toaster";
import { keepPlace } from "../../lib/keep-place";
import { TOAST } from "../../lib/messages";
import { useSettledChoice } from "../../lib/settled-choice";
import { toastFailure, useLoadFailedToast } from "../../lib/toasts";
import { type AdminColumn, AdminTable, type QueryChange, TableFilter } from "./AdminTable";
import {
  enquiriesQueryOptions,
  enquiryDetailQueryOptions,
  useLiveEnquiries,
  useSetEnquiryStatus,
} from "./enquiries-api";

const STATUS_PALETTE: Record<EnquiryStatus, string> = { new: "blue", contacted: "orange", closed: "gray" };

/** Admin › Enquiries (issue #7): the contact form's submissions, newest first, live, with their status. */
export function EnquiriesPage({
  query,
  onQueryChange,
}: {
  query: EnquiriesQuery;
  onQueryChange: QueryChange<EnquiriesQuery>;
}) {
  useLiveEnquiries();
  const enquiries = useQuery(enquiriesQueryOptions(query));

  useLoadFailedToast(enquiries.isError, TOAST.enquiriesLoadFailed);

  const columns: AdminColumn<AdminEnquiry, EnquirySort>[] = [
    {
      key: "received",
      header: "Received",
      sort: "received",
      cell: (enquiry) => <Text whiteSpace="nowrap">{formatDateTime(enquiry.createdAt)}</Text>,
    },
    {
      key: "name",
      header: "Name",
      wrap: true,
      sort: "name",
      cell: (enquiry) => (
        <Stack gap="0">
          <Text fontWeight="medium">
            {enquiry.firstName} {enquiry.lastName}
          </Text>
          <Text color="fg.muted" fontSize="xs">
            <EmailAddress email={enquiry.email} />
          </Text>
        </Stack>
      ),
    },
    { key: "company", header: "Company", sort: "company", wrap: true, cell: (enquiry) => enquiry.company ?? "—" },
    {
      key: "message",
      header: "Message",
      // On a phone, under its name and from the start of the line, where its clamp shows its ellipsis.
      wide: true,
      cell: (enquiry) => (
        <Text lineClamp="2" maxW="xs" fontSize="sm">
          {enquiry.preview}
        </Text>
      ),
    },
    { key: "status", header: "Status", sort: "status", cell: (enquiry) => <StatusSelect enquiry={enquiry} /> },
    {
      key: "view",
      header: "Details",
      align: "end",
      actions: true,
      cell: (enquiry) => <EnquiryDetailDialog enquiry={enquiry} />,
    },
  ];

  return (
    <AdminTable
      caption="All enquiries"
      columns={columns}
      query={query}
      onQueryChange={onQueryChange}
      data={enquiries.data}
      pending={enquiries.isPending}
      error={enquiries.isError}
      onRetry={() => enquiries.refetch()}
      search={{ label: "Search by name, e-mail or company", placeholder: "Name, e-mail or company" }}
      empty={{
        title: query.status ? `No ${ENQUIRY_STATUS_LABELS[query.status].toLowerCase()} enquiries` : "No enquiries yet",
        text: "Enquiries sent from the contact form appear here.",
        icon: <LuInbox aria-hidden="true" />,
      }}
      toolbar={
        <TableFilter
          label="Status"
          value={query.status}
          options={ENQUIRY_STATUSES}
          labels={ENQUIRY_STATUS_LABELS}
          onChange={(status) => onQueryChange({ status, page: 1 })}
        />
      }
    />
  );
}

function StatusSelect({ enquiry }: { enquiry: AdminEnquiry }) {
  const update = useSetEnquiryStatus();
  const select = useRef<HTMLSelectElement>(null);
  const choice = useSettledChoice<EnquiryStatus>(enquiry.status, update.isPending, (status) => {
    if (status === enquiry.status) return;
    // Under a status filter the row leaves with its new status: the focus stays in the table.
    keepPlace(select.current);
    update.mutate(
      { id: enquiry.id, status },
      {
        onSuccess: () => toaster.create({ type: "success", title: TOAST.enquiryStatusUpdated }),
        onError: () => toastFailure(TOAST.enquiryStatusFailed),
      },
    );
  });
  return (
    <SelectInput
      minW="32"
      ref={select}
      aria-label={`Status of the enquiry from ${enquiry.firstName} ${enquiry.lastName}`}
      {...choice}
      aria-disabled={update.isPending || undefined}
    >
      {ENQUIRY_STATUSES.map((status) => (
        <option key={status} value={status}>
          {ENQUIRY_STATUS_LABELS[status]}
        </option>
      ))}
    </SelectInput>
  );
}

function EnquiryDetailDialog({ enquiry }: { enquiry: AdminEnquiry }) {
  const [open, setOpen] = useState(false);
  const detail = useQuery({ ...enquiryDetailQueryOptions(enquiry.id), enabled: open });
  const name = `${enquiry.firstName} ${enquiry.lastName}`;
  const data = detail.data;
  return (
    <DialogShell
      open={open}
      onOpenChange={(event) => setOpen(event.open)}
      size="lg"
      trigger={
        <Button size="xs" variant="outline">
          View
          <Text as="span" srOnly>{` the enquiry from ${name}`}</Text>
        </Button>
      }
    >
      <Dialog.Header>
        <Dialog.Title>Enquiry from {name}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body aria-busy={detail.isPending || undefined}>
        {detail.isError ? (
          <LoadFailed message="This enquiry could not be loaded." onRetry={() => detail.refetch()} />
        ) : !data ? (
          <Stack gap="3">
            <Text srOnly role="status">
              Loading the enquiry
            </Text>
            <Skeleton height="5" width="50%" />
            <SkeletonText noOfLines={4} />
          </Stack>
        ) : (
          <Stack gap="5">
            <InfoList
              size="sm"
              items={[
                { label: "E-mail", value: data.email },
                { label: "Company", value: data.company ?? "—" },
                { label: "Service", value: data.service ? enquiryServiceLabels[data.service] : "—" },
                { label: "Budget", value: data.budget ? enquiryBudgetLabels[data.budget] : "—" },
                { label: "Plan", value: data.plan ?? "—" },
                { label: "Received", value: formatDateTime(data.createdAt) },
                {
                  label: "Status",
                  value: (
                    <Badge colorPalette={STATUS_PALETTE[data.status]} variant="subtle">
                      {ENQUIRY_STATUS_LABELS[data.status]}
                    </Badge>
                  ),
                },
              ]}
            />
            <Stack gap="1">
              <Text as="h3" fontWeight="semibold">
                Message
              </Text>
              <Text whiteSpace="pre-wrap" data-testid="enquiry-message">
                {data.message}
              </Text>
            </Stack>
          </Stack>
        )}
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap">
        <Button asChild variant="outline">
          <a href={replyLink(enquiry)}>
            <LuReply aria-hidden="true" />
            Reply by e-mail
          </a>
        </Button>
        <Button asChild colorPalette="brand">
          <RouterLink to="/portal/admin/clients/new" search={{ enquiry: enquiry.id }}>
            <LuUserPlus aria-hidden="true" />
            Invite as client
          </RouterLink>
        </Button>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Close</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
    </DialogShell>
  );
}

/** A reply in the administrator's own mail program, addressed and titled. */
function replyLink(enquiry: AdminEnquiry): string {
  const subject = `Your enquiry to ${company.name}`;
  return `mailto:${encodeURIComponent(enquiry.email)}?subject=${encodeURIComponent(subject)}`;
}
