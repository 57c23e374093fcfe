import type { ComponentProps, ReactNode } from "react";
import { FormField, SelectInput } from "../../components/FormField";
import { usePlans } from "./plans";

export type PlanFieldProps = {
  plan: string;
  label: ReactNode;
  placeholder: string;
  error: string | undefined;
  control: ComponentProps<typeof SelectInput>;
};

/**
 * The contact form's plan choice, shown when a visitor arrives from /plans
 * with ?plan=. A chunk of its own: the plan list (and its request) only
 * loads for those visitors, not on every visit to the contact page.
 */
export default function PlanField({ plan, label, placeholder, error, control }: PlanFieldProps) {
  const { plans } = usePlans();
  const known = plans.some((item) => item.slug === plan);
  return (
    <FormField label={label} error={error}>
      <SelectInput {...control}>
        <option value="">{placeholder}</option>
        {!known && <option value={plan}>{plan}</option>}
        {plans.map((item) => (
          <option key={item.slug} value={item.slug}>
            {item.name}
          </option>
        ))}
      </SelectInput>
    </FormField>
  );
}
