import { fieldSlotRecipe, inputRecipe, nativeSelectSlotRecipe, textareaRecipe } from "virtual:lazy-recipes";
import { chakra, HStack, type HTMLChakraProps, useRecipe, useSlotRecipe } from "@chakra-ui/react";
import { createContext, type ReactNode, type Ref, useContext, useId } from "react";
import { LucideSvg } from "./SvgIcon";

type Props = {
  label: ReactNode;
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  children: ReactNode;
};

type FieldState = {
  controlId: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
  disabled: boolean;
};

const FieldContext = createContext<FieldState | null>(null);

/** `data-*` flags as Chakra's recipes read them: present and empty, or absent. */
const flag = (on: boolean) => (on ? "" : undefined);

/**
 * A labelled form control with its hint and error wired up for assistive
 * technology: the label names the control, the control points at its hint or
 * error (aria-describedby) and is aria-invalid while an error shows.
 *
 * Styled by Chakra's field, input, textarea and native-select recipes, passed
 * in from virtual:lazy-recipes so they load with the forms, not with every
 * public page. Wired here instead of through Chakra's Field (Ark UI's field
 * context, prop splitting and DOM observer), which would add ~6 KB gzip to
 * the contact page.
 */
export function FormField({ label, error, helperText, required = false, disabled = false, children }: Props) {
  const id = useId();
  const styles = useSlotRecipe({ recipe: fieldSlotRecipe })();
  const invalid = Boolean(error);
  const state: FieldState = {
    controlId: `${id}control`,
    describedBy: invalid ? `${id}error` : helperText ? `${id}hint` : undefined,
    invalid,
    required,
    disabled,
  };
  const flags = { "data-invalid": flag(invalid), "data-disabled": flag(disabled), "data-required": flag(required) };
  return (
    <FieldContext.Provider value={state}>
      <chakra.div css={styles.root} {...flags}>
        {/* The asterisk sits beside, not inside, the label so the label text is exactly `label`. */}
        <HStack gap="1">
          {/* Full strength when disabled: the recipe's 50 % would put the label under 4.5:1. */}
          <chakra.label htmlFor={state.controlId} css={[styles.label, { _disabled: { opacity: 1 } }]} {...flags}>
            {label}
          </chakra.label>
          {required && (
            <chakra.span aria-hidden="true" css={styles.requiredIndicator}>
              *
            </chakra.span>
          )}
        </HStack>
        {children}
        {helperText && !invalid && (
          <chakra.div id={`${id}hint`} css={styles.helperText}>
            {helperText}
          </chakra.div>
        )}
        {invalid && (
          <chakra.div id={`${id}error`} aria-live="polite" css={styles.errorText} {...flags}>
            {error}
          </chakra.div>
        )}
      </chakra.div>
    </FieldContext.Provider>
  );
}

/**
 * The attributes that tie a control to the FormField around it. A description the caller gives (the
 * card a repeated control acts on, say) is read after the field's hint or error, not instead of it.
 */
function useFieldControl(describedBy?: string) {
  const field = useContext(FieldContext);
  const described = [field?.describedBy, describedBy].filter(Boolean).join(" ") || undefined;
  if (!field) return { "aria-describedby": described };
  return {
    id: field.controlId,
    "aria-invalid": field.invalid || undefined,
    required: field.required || undefined,
    disabled: field.disabled || undefined,
    "aria-describedby": described,
  };
}

// A caller's `css` adds to the recipe's styles, as it does on Chakra's own components.
export function TextInput({ css, ...props }: HTMLChakraProps<"input"> & { ref?: Ref<HTMLInputElement> | undefined }) {
  const styles = useRecipe({ recipe: inputRecipe })();
  const control = useFieldControl(props["aria-describedby"]);
  return <chakra.input css={[styles, css]} {...control} {...props} aria-describedby={control["aria-describedby"]} />;
}

export function TextArea({ css, ...props }: HTMLChakraProps<"textarea">) {
  const styles = useRecipe({ recipe: textareaRecipe })();
  const control = useFieldControl(props["aria-describedby"]);
  return <chakra.textarea css={[styles, css]} {...control} {...props} aria-describedby={control["aria-describedby"]} />;
}

export function SelectInput({
  css,
  children,
  ...props
}: HTMLChakraProps<"select"> & { ref?: Ref<HTMLSelectElement> | undefined }) {
  const styles = useSlotRecipe({ recipe: nativeSelectSlotRecipe })();
  const control = useFieldControl(props["aria-describedby"]);
  return (
    <chakra.div css={styles.root}>
      <chakra.select css={[styles.field, css]} {...control} {...props} aria-describedby={control["aria-describedby"]}>
        {children}
      </chakra.select>
      <chakra.div
        css={styles.indicator}
        data-invalid={flag(Boolean(control["aria-invalid"]))}
        data-disabled={flag(Boolean(control.disabled ?? props.disabled))}
        aria-hidden="true"
      >
        {/* Lucide's chevron-down, like Chakra's own indicator. */}
        <LucideSvg>
          <path d="m6 9 6 6 6-6" />
        </LucideSvg>
      </chakra.div>
    </chakra.div>
  );
}
