import { chakra, HStack, SimpleGrid } from "@chakra-ui/react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import {
  type AdminPlan,
  PLAN_BADGE_MAX_LENGTH,
  PLAN_DESCRIPTION_MAX_LENGTH,
  PLAN_FEATURES_TEXT_MAX_LENGTH,
  PLAN_NAME_MAX_LENGTH,
  PLAN_PERIODS,
  type PlanInput,
  planInputSchema,
} from "../../../common/plans";
import { fromMinorUnits } from "../../../common/schemas";
import { PLAN_CATEGORIES } from "../../../common/site-domain";
import { AmountField } from "../../components/AmountField";
import { DialogForm, DialogShell } from "../../components/DialogShell";
import { FormField, SelectInput, TextArea, TextInput } from "../../components/FormField";
import { submitMutation } from "../../lib/form-submit";
import { TOAST } from "../../lib/messages";
import { failure } from "../../lib/toasts";
import { useSavePlan } from "./plans-api";

export const CATEGORY_LABELS: Record<(typeof PLAN_CATEGORIES)[number], string> = {
  social: "Social media",
  maintenance: "Maintenance",
};
const PERIOD_LABELS: Record<(typeof PLAN_PERIODS)[number], string> = {
  month: "Per month",
  quarter: "Per quarter",
  year: "Per year",
};

const EMPTY: PlanInput = {
  name: "",
  category: "social",
  price: "",
  period: "month",
  description: "",
  features: "",
  isPopular: false,
  badge: "",
};

function toForm(plan: AdminPlan): PlanInput {
  return {
    name: plan.name,
    category: plan.category,
    price: fromMinorUnits(plan.priceMinor),
    period: (PLAN_PERIODS as readonly string[]).includes(plan.period) ? (plan.period as PlanInput["period"]) : "month",
    description: plan.description,
    features: plan.features.join("\n"),
    isPopular: plan.isPopular,
    badge: plan.badge ?? "",
  };
}

/**
 * Create or edit a plan: name, category, price in naira (two decimals),
 * period, description, features one per line (blank lines dropped), popular
 * and an optional badge. Validated with the API's own schema; the server's
 * field errors land under their fields.
 */
export function PlanDialog({
  open,
  plan,
  onClose,
  finalFocusEl,
}: {
  open: boolean;
  /** The plan to edit; null to create one. */
  plan: AdminPlan | null;
  onClose: () => void;
  /** Where the keyboard's focus goes on close, when not back to what had it before (a dialog opened on arrival). */
  finalFocusEl?: () => HTMLElement | null;
}) {
  const save = useSavePlan();
  const form = useForm<PlanInput, unknown, z.output<typeof planInputSchema>>({
    resolver: zodResolver(planInputSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) form.reset(plan ? toForm(plan) : EMPTY);
  }, [open, plan, form]);

  const onSubmit = submitMutation(form, save, {
    variables: (values) => ({ editing: plan, values }),
    saved: { title: plan ? TOAST.planUpdated : TOAST.planCreated },
    onSaved: onClose,
    failed: failure(TOAST.planSaveFailed),
  });

  const title = plan ? "Edit Plan" : "Create Plan";
  return (
    <DialogShell
      open={open}
      onOpenChange={(event) => !event.open && onClose()}
      size="lg"
      {...(finalFocusEl && { finalFocusEl })}
    >
      <DialogForm
        title={title}
        onSubmit={onSubmit}
        error={errors.root?.server?.message}
        submitLabel={plan ? "Save Plan" : "Create Plan"}
        pending={save.isPending}
      >
        <FormField label="Name" required error={errors.name?.message}>
          <TextInput maxLength={PLAN_NAME_MAX_LENGTH} {...form.register("name")} />
        </FormField>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label="Category" required error={errors.category?.message}>
            <SelectInput {...form.register("category")}>
              {PLAN_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {CATEGORY_LABELS[category]}
                </option>
              ))}
            </SelectInput>
          </FormField>
          <FormField label="Period" required error={errors.period?.message}>
            <SelectInput {...form.register("period")}>
              {PLAN_PERIODS.map((period) => (
                <option key={period} value={period}>
                  {PERIOD_LABELS[period]}
                </option>
              ))}
            </SelectInput>
          </FormField>
        </SimpleGrid>
        <AmountField label="Price" error={errors.price?.message} input={form.register("price")} />
        <FormField label="Description" error={errors.description?.message}>
          <TextArea rows={2} maxLength={PLAN_DESCRIPTION_MAX_LENGTH} {...form.register("description")} />
        </FormField>
        <FormField
          label="Features"
          error={errors.features?.message}
          helperText="One feature per line; blank lines are dropped."
        >
          <TextArea rows={5} maxLength={PLAN_FEATURES_TEXT_MAX_LENGTH} {...form.register("features")} />
        </FormField>
        <FormField
          label="Badge"
          error={errors.badge?.message}
          helperText="Optional, e.g. Best Value. Leave empty for none."
        >
          <TextInput maxLength={PLAN_BADGE_MAX_LENGTH} {...form.register("badge")} />
        </FormField>
        <HStack asChild gap="2">
          <chakra.label fontSize="sm" fontWeight="medium">
            <input type="checkbox" {...form.register("isPopular")} />
            Mark as most popular
          </chakra.label>
        </HStack>
      </DialogForm>
    </DialogShell>
  );
}
