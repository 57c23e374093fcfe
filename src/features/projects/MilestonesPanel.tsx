import {
  Badge,
  Button,
  Card,
  Heading,
  HStack,
  Skeleton,
  SkeletonText,
  Stack,
  Text,
  VisuallyHidden,
} from "@chakra-ui/react";
import type { MouseEvent } from "react";
import { LuCheck, LuFlag, LuTrash2, LuWallet } from "react-icons/lu";
import type { MilestoneStatus, PaymentStatus } from "../../../common/domain";
import { formatDate, formatDay } from "../../../common/format";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyList } from "../../components/EmptyList";
import { LoadFailed } from "../../components/LoadFailed";
import { toaster } from "../../components/Toaster";
import { keepPlace } from "../../lib/keep-place";
import { useLiveQuery } from "../../lib/live";
import { TOAST } from "../../lib/messages";
import { formatAmount } from "../../lib/money";
import { useMe } from "../../lib/session";
import { failedWith, failure, toastFailure, toastOutcome } from "../../lib/toasts";
import { AddMilestoneDialog } from "./AddMilestoneDialog";
import {
  applyMilestoneChange,
  milestonesQuery,
  type ShownMilestone,
  useDeleteMilestone,
  useUpdateMilestone,
} from "./api";
import {
  DELETE_MILESTONE_QUESTION,
  MARK_MILESTONE_PAID_QUESTION,
  MILESTONES_NOT_LOADED,
  NO_MILESTONES,
} from "./labels";

/** Badge colours whose text meets 4.5:1 on their subtle background. */
const STATUS_BADGES: Record<MilestoneStatus, { label: string; palette: string }> = {
  pending: { label: "Pending", palette: "gray" },
  completed: { label: "Completed", palette: "green" },
};
const PAYMENT_BADGES: Record<PaymentStatus, { label: string; palette: string }> = {
  unpaid: { label: "Unpaid", palette: "orange" },
  paid: { label: "Paid", palette: "green" },
};

/**
 * Spec §2 project milestones: live, by due date (those without one last),
 * with Add Milestone, Mark Complete and Mark as Paid for the project's client
 * and administrators (rules.milestones); developers on the project read them.
 */
export function MilestonesPanel({ projectId }: { projectId: string }) {
  const { data: me } = useMe();
  const milestones = useLiveQuery(milestonesQuery(projectId), applyMilestoneChange);
  // rules.milestones: the project's client (the only client who sees it) and administrators change milestones.
  const canChange = me?.role === "client" || me?.role === "admin";
  // rules.milestones.delete: administrators only (and the server keeps a paid one).
  const canDelete = me?.role === "admin";
  const list = milestones.data ?? [];

  return (
    <Card.Root as="section" aria-labelledby="milestones-heading">
      <Card.Header>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Heading as="h2" size="lg" id="milestones-heading">
            Milestones
          </Heading>
          {canChange && <AddMilestoneDialog projectId={projectId} />}
        </HStack>
      </Card.Header>
      <Card.Body>
        {milestones.isPending ? (
          <Stack gap="3" aria-busy="true">
            <VisuallyHidden role="status">Loading milestones</VisuallyHidden>
            {Array.from({ length: 2 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Stack key={i} gap="2" borderWidth="1px" borderRadius="md" p="4" aria-hidden="true">
                <Skeleton height="5" width="40%" />
                <SkeletonText noOfLines={2} />
              </Stack>
            ))}
          </Stack>
        ) : !milestones.data ? (
          <LoadFailed message={MILESTONES_NOT_LOADED} onRetry={() => milestones.refetch()} />
        ) : list.length === 0 ? (
          <EmptyList
            icon={LuFlag}
            size="sm"
            title={NO_MILESTONES}
            description={
              canChange
                ? "Add the project's first milestone: what will be delivered, for how much, and when."
                : "Milestones added to this project appear here."
            }
          />
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" aria-label="Milestones">
            {list.map((milestone) => (
              <MilestoneItem
                key={milestone.id}
                projectId={projectId}
                milestone={milestone}
                canChange={canChange}
                canDelete={canDelete}
              />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function MilestoneItem({
  projectId,
  milestone,
  canChange,
  canDelete,
}: {
  projectId: string;
  milestone: ShownMilestone;
  canChange: boolean;
  canDelete: boolean;
}) {
  const update = useUpdateMilestone(projectId);
  const status = STATUS_BADGES[milestone.status];
  const payment = PAYMENT_BADGES[milestone.paymentStatus];
  // One change at a time per milestone, and none before the server has it.
  const busy = Boolean(milestone.pending) || update.isPending;
  const titleId = `milestone-${milestone.id}`;

  function markComplete(event: MouseEvent<HTMLButtonElement>) {
    if (busy) return;
    keepPlace(event.currentTarget);
    update.mutate(
      { id: milestone.id, change: { status: "completed" } },
      {
        onSuccess: () => toaster.create({ type: "success", title: TOAST.statusUpdated }),
        onError: () => toastFailure(TOAST.milestoneStatusFailed),
      },
    );
  }

  return (
    <Stack
      as="li"
      gap="2"
      borderWidth="1px"
      borderRadius="md"
      p="4"
      aria-labelledby={titleId}
      aria-busy={milestone.pending || undefined}
      opacity={milestone.pending ? 0.8 : 1}
    >
      <HStack justify="space-between" align="start" gap="3" wrap="wrap">
        <Text as="h3" id={titleId} fontWeight="semibold">
          {milestone.title}
        </Text>
        <HStack gap="2">
          {milestone.pending && (
            <Text fontSize="xs" color="fg.muted">
              Saving…
            </Text>
          )}
          <Badge colorPalette={status.palette} variant="subtle">
            {status.label}
          </Badge>
          <Badge colorPalette={payment.palette} variant="subtle">
            {payment.label}
          </Badge>
        </HStack>
      </HStack>
      {milestone.description && (
        <Text color="fg.muted" whiteSpace="pre-wrap" fontSize="sm">
          {milestone.description}
        </Text>
      )}
      <HStack gap="4" wrap="wrap" fontSize="sm">
        <Text fontWeight="semibold">{formatAmount(milestone.amountMinor)}</Text>
        <Text>
          <Text as="span" color="fg.muted">
            Due:{" "}
          </Text>
          {milestone.dueDate ? formatDay(milestone.dueDate) : "No due date"}
        </Text>
        <Text>
          <Text as="span" color="fg.muted">
            Created by:{" "}
          </Text>
          {milestone.creatorName}
        </Text>
        {milestone.paidDate && (
          <Text>
            <Text as="span" color="fg.muted">
              Paid:{" "}
            </Text>
            {formatDate(milestone.paidDate)}
          </Text>
        )}
      </HStack>
      {canChange && (milestone.status !== "completed" || milestone.paymentStatus !== "paid") && (
        <HStack gap="2" wrap="wrap">
          {milestone.status !== "completed" && (
            // Every milestone has these buttons: its title says which one they act on.
            <Button size="xs" variant="outline" onClick={markComplete} disabled={busy} aria-describedby={titleId}>
              <LuCheck aria-hidden="true" />
              Mark Complete
            </Button>
          )}
          {milestone.paymentStatus !== "paid" && (
            // A paid milestone is kept for good (never changed back nor deleted): it is confirmed first, as an invoice's is.
            <ConfirmDialog
              question={MARK_MILESTONE_PAID_QUESTION}
              description={`${milestone.title}, ${formatAmount(milestone.amountMinor)}. Today is recorded as its paid date, and a paid milestone cannot be changed back or deleted.`}
              confirmLabel="Mark as Paid"
              onConfirm={() =>
                toastOutcome(update.mutateAsync({ id: milestone.id, change: { paymentStatus: "paid" } }), {
                  saved: { title: TOAST.paymentConfirmed },
                  failed: failure(TOAST.paymentFailed),
                })
              }
              trigger={
                <Button size="xs" variant="outline" disabled={busy} aria-describedby={titleId}>
                  <LuWallet aria-hidden="true" />
                  Mark as Paid
                </Button>
              }
            />
          )}
          {canDelete && milestone.paymentStatus !== "paid" && !milestone.pending && (
            <DeleteMilestone projectId={projectId} milestone={milestone} />
          )}
        </HStack>
      )}
    </Stack>
  );
}

function DeleteMilestone({ projectId, milestone }: { projectId: string; milestone: ShownMilestone }) {
  const remove = useDeleteMilestone(projectId);
  return (
    <ConfirmDialog
      question={DELETE_MILESTONE_QUESTION}
      description={`${milestone.title}, ${formatAmount(milestone.amountMinor)}. Everyone on the project stops seeing it.`}
      confirmLabel="Delete"
      onConfirm={() =>
        toastOutcome(remove.mutateAsync(milestone.id), {
          saved: { title: TOAST.milestoneDeleted },
          failed: failedWith(TOAST.milestoneDeleteFailed),
        })
      }
      trigger={
        <Button size="xs" variant="outline" colorPalette="red">
          <LuTrash2 aria-hidden="true" />
          Delete
          <VisuallyHidden>{` milestone ${milestone.title}`}</VisuallyHidden>
        </Button>
      }
    />
  );
}
