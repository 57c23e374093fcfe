import {
  Badge,
  Box,
  Button,
  Card,
  Heading,
  HStack,
  IconButton,
  Link,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { LuArrowDown, LuArrowUp, LuEye, LuEyeOff, LuLayers, LuPencil, LuPlus, LuTrash2 } from "react-icons/lu";
import { countOf } from "../../../common/format";
import type { AdminPlan } from "../../../common/plans";
import { PLAN_CATEGORIES, type PlanCategory } from "../../../common/site-domain";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyList } from "../../components/EmptyList";
import { LiveAnnouncement, useLiveAnnouncement } from "../../components/LiveAnnouncement";
import { LoadFailed } from "../../components/LoadFailed";
import { toaster } from "../../components/Toaster";
import { plansPage } from "../../content/plans";
import { useLiveRefetch } from "../../lib/live";
import { TOAST } from "../../lib/messages";
import { formatAmount } from "../../lib/money";
import { failure, toastFailure, toastOutcome, useLoadFailedToast } from "../../lib/toasts";
import { planMoved } from "./labels";
import { CATEGORY_LABELS, PlanDialog } from "./PlanDialog";
import { adminPlansKey, plansQueryOptions, useDeletePlan, useMovePlan, useSetPlanHidden } from "./plans-api";

export const DELETE_PLAN_QUESTION = "Are you sure you want to delete this plan?";

/** The contact form with the plan chosen: where the plan's Get Started on /plans leads. */
const contactPath = (slug: string) => `/contact?plan=${encodeURIComponent(slug)}`;

const moveButtonId = (id: string, direction: "up" | "down") => `plan-${id}-move-${direction}`;

/**
 * The page's main action (`PageHeader`'s `action`): the dialog that creates a plan. Open on arrival
 * from Subscriptions' Create Plan (spec §2; issue #7 item 10: it opens plan management), whose link
 * says so in the history entry's state (`CREATE_PLAN_STATE`); closed, the entry forgets it, so Back
 * and a reload do not open it again, and the keyboard's focus goes to this button.
 */
export function CreatePlanButton() {
  const arrivedToCreate = useRouterState({ select: (state) => state.location.state.createPlan === true });
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Opened after the page's first commit, in which a navigation's focus is settled (usePageTitle):
  // opened with it, the dialog could see that focus land outside it and close.
  useEffect(() => {
    if (arrivedToCreate) setOpen(true);
  }, [arrivedToCreate]);
  const close = () => {
    setOpen(false);
    if (arrivedToCreate) void navigate({ to: ".", replace: true, state: {} });
  };
  return (
    <>
      <Button ref={button} colorPalette="brand" size="sm" onClick={() => setOpen(true)}>
        <LuPlus aria-hidden="true" />
        Create Plan
      </Button>
      <PlanDialog open={open} plan={null} onClose={close} finalFocusEl={() => button.current} />
    </>
  );
}

declare module "@tanstack/react-router" {
  interface HistoryState {
    /** Set by a link that opens plan management with the create dialog open (CreatePlanButton). */
    createPlan?: boolean;
  }
}

/** The history state of a link that opens plan management with the create dialog open. */
export const CREATE_PLAN_STATE = { createPlan: true };

/**
 * Admin › Plans (issue #7 item 10): every plan by category in display order,
 * as the public /plans page shows the published ones. Create, edit, move up
 * or down, hide or show, delete after confirmation.
 */
export function PlansPage() {
  const plans = useQuery(plansQueryOptions());
  // Written by another administrator, or in another tab (server/data/plans.ts adminPlansLive).
  useLiveRefetch(adminPlansKey);
  const [editing, setEditing] = useState<AdminPlan | null>(null);
  // A plan moved, said: its row changes place out of sight of a screen reader, whose focus follows it.
  const [moveSaid, sayMove] = useLiveAnnouncement();

  useLoadFailedToast(plans.isError, TOAST.plansLoadFailed);

  return (
    <Stack gap="8">
      <LiveAnnouncement announcement={moveSaid} />
      {plans.isPending ? (
        <Stack gap="3" aria-busy="true">
          <VisuallyHidden role="status">Loading plans</VisuallyHidden>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height="20" rounded="md" />
          ))}
        </Stack>
      ) : !plans.data ? (
        <Card.Root>
          <Card.Body>
            <LoadFailed message={`${TOAST.plansLoadFailed}.`} onRetry={() => plans.refetch()} justify="space-between" />
          </Card.Body>
        </Card.Root>
      ) : (
        PLAN_CATEGORIES.map((category) => (
          <CategorySection
            key={category}
            category={category}
            plans={plans.data.filter((plan) => plan.category === category)}
            onEdit={setEditing}
            onMoved={sayMove}
          />
        ))
      )}
      <PlanDialog open={editing !== null} plan={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

function CategorySection({
  category,
  plans,
  onEdit,
  onMoved,
}: {
  category: PlanCategory;
  plans: AdminPlan[];
  onEdit: (plan: AdminPlan) => void;
  onMoved: (said: string) => void;
}) {
  const headingId = `plans-${category}`;
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size="lg" mb="3">
        {CATEGORY_LABELS[category]} plans
      </Heading>
      {plans.length === 0 ? (
        <EmptyList
          icon={LuLayers}
          title={`No ${CATEGORY_LABELS[category].toLowerCase()} plans`}
          description="Create a plan to show it on the public Plans page."
          size="sm"
        />
      ) : (
        <Stack as="ol" gap="3" listStyleType="none" aria-label={`${CATEGORY_LABELS[category]} plans in display order`}>
          {plans.map((plan, index) => (
            <PlanRow
              key={plan.id}
              plan={plan}
              first={index === 0}
              last={index === plans.length - 1}
              onEdit={onEdit}
              onMoved={onMoved}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function PlanRow({
  plan,
  first,
  last,
  onEdit,
  onMoved,
}: {
  plan: AdminPlan;
  first: boolean;
  last: boolean;
  onEdit: (plan: AdminPlan) => void;
  onMoved: (said: string) => void;
}) {
  const move = useMovePlan();
  const setHidden = useSetPlanHidden();
  const remove = useDeletePlan();

  // The direction just moved, until focus has followed the plan to its new row.
  const [refocus, setRefocus] = useState<"up" | "down" | null>(null);

  // After the commit that shows the new order: the row's buttons may have been moved in the DOM,
  // which drops focus, and the one pressed may now be disabled (first or last), so take the other.
  useEffect(() => {
    if (!refocus) return;
    setRefocus(null);
    const button = document.getElementById(moveButtonId(plan.id, refocus)) as HTMLButtonElement | null;
    const other = document.getElementById(moveButtonId(plan.id, refocus === "up" ? "down" : "up"));
    (button && !button.disabled ? button : other)?.focus();
  }, [refocus, plan.id]);

  function moveBy(direction: "up" | "down") {
    // Only aria-disabled while a move is on its way: a focused button that is disabled loses focus.
    if (move.isPending) return;
    move.mutate(
      { id: plan.id, direction },
      {
        onSuccess: (plans) => {
          setRefocus(direction);
          // Its place in its category as the server now orders them (the list the move returns).
          const order = plans.filter((other) => other.category === plan.category);
          const at = order.findIndex((other) => other.id === plan.id);
          if (at >= 0) onMoved(planMoved(plan.name, at + 1, order.length));
        },
        onError: () => toastFailure(TOAST.planUpdateFailed),
      },
    );
  }

  return (
    <Card.Root as="li" variant="outline" opacity={plan.hidden ? 0.85 : 1}>
      <Card.Body py="4">
        <HStack justify="space-between" align="flex-start" gap="4" wrap="wrap">
          <Stack gap="1" minW="0" flex="1">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold">{plan.name}</Text>
              {plan.isPopular && (
                <Badge colorPalette="brand" variant="solid">
                  {plansPage.mostPopular}
                </Badge>
              )}
              {plan.badge && (
                <Badge colorPalette="brand" variant="surface">
                  {plan.badge}
                </Badge>
              )}
              {plan.hidden && (
                <Badge colorPalette="gray" variant="surface">
                  Hidden
                </Badge>
              )}
            </HStack>
            <Text fontSize="sm">
              {formatAmount(plan.priceMinor)} / {plan.period}
            </Text>
            {plan.description && (
              <Text fontSize="sm" color="fg.muted">
                {plan.description}
              </Text>
            )}
            <Text fontSize="xs" color="fg.muted">
              {countOf(plan.features.length, "feature")} ·{" "}
              {plan.hidden ? (
                "not offered on /plans"
              ) : (
                // The address its Get Started button opens, to share with a prospect: the form with the plan chosen.
                <Link href={contactPath(plan.slug)} target="_blank" rel="noopener" color="fg.muted" variant="underline">
                  {contactPath(plan.slug)}
                  <VisuallyHidden> (the contact form for {plan.name}, opens in a new tab)</VisuallyHidden>
                </Link>
              )}
            </Text>
          </Stack>
          <HStack gap="1" wrap="wrap" justify="flex-end">
            <IconButton
              id={moveButtonId(plan.id, "up")}
              size="xs"
              variant="outline"
              aria-label={`Move ${plan.name} up`}
              disabled={first}
              aria-disabled={move.isPending || undefined}
              onClick={() => moveBy("up")}
            >
              <LuArrowUp aria-hidden="true" />
            </IconButton>
            <IconButton
              id={moveButtonId(plan.id, "down")}
              size="xs"
              variant="outline"
              aria-label={`Move ${plan.name} down`}
              disabled={last}
              aria-disabled={move.isPending || undefined}
              onClick={() => moveBy("down")}
            >
              <LuArrowDown aria-hidden="true" />
            </IconButton>
            <Button size="xs" variant="outline" onClick={() => onEdit(plan)}>
              <LuPencil aria-hidden="true" />
              Edit
              <Text as="span" srOnly>{` ${plan.name}`}</Text>
            </Button>
            <Button
              size="xs"
              variant="outline"
              loading={setHidden.isPending}
              onClick={() =>
                setHidden.mutate(
                  { id: plan.id, hidden: !plan.hidden },
                  {
                    onSuccess: (saved) =>
                      toaster.create({ type: "success", title: saved.hidden ? TOAST.planHidden : TOAST.planShown }),
                    onError: () => toastFailure(TOAST.planUpdateFailed),
                  },
                )
              }
            >
              {plan.hidden ? <LuEye aria-hidden="true" /> : <LuEyeOff aria-hidden="true" />}
              {plan.hidden ? "Show" : "Hide"}
              <Text as="span" srOnly>{` ${plan.name}`}</Text>
            </Button>
            <ConfirmDialog
              question={DELETE_PLAN_QUESTION}
              description={`${plan.name} will no longer be offered on the public Plans page or the contact form.`}
              confirmLabel="Delete"
              onConfirm={() =>
                toastOutcome(remove.mutateAsync(plan.id), {
                  saved: { title: TOAST.planDeleted },
                  failed: failure(TOAST.planDeleteFailed),
                })
              }
              trigger={
                <Button size="xs" variant="outline" colorPalette="red">
                  <LuTrash2 aria-hidden="true" />
                  Delete
                  <Text as="span" srOnly>{` ${plan.name}`}</Text>
                </Button>
              }
            />
          </HStack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
