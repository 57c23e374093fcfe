import { alertSlotRecipe } from "virtual:lazy-recipes";
import { chakra, useSlotRecipe } from "@chakra-ui/react";
import { type ReactNode, useEffect, useRef } from "react";
import { FontAwesomeSvg } from "./SvgIcon";

type Status = "error" | "success" | "info" | "warning";
type Props = {
  status: Status;
  title: ReactNode;
  children?: ReactNode;
  /**
   * A form's outcome is brought into view below the sticky header and takes
   * focus, so it is seen and a screen reader reads it; false for an alert
   * that stands in for a section that could not load.
   */
  takeFocus?: boolean;
};

// Chakra's alert icons: one ring, and a mark inside it per status.
const RING =
  "M12 22C6.47715 22 2 17.5228 2 12C2 6.47715 6.47715 2 12 2C17.5228 2 22 6.47715 22 12C22 17.5228 17.5228 22 12 22ZM12 20C16.4183 20 20 16.4183 20 12C20 7.58172 16.4183 4 12 4C7.58172 4 4 7.58172 4 12C4 16.4183 7.58172 20 12 20Z";
const EXCLAMATION = "M11 15H13V17H11V15ZM11 7H13V13H11V7Z";
const MARKS: Record<Status, string> = {
  error: EXCLAMATION,
  warning: EXCLAMATION,
  info: "M11 7H13V9H11V7ZM11 11H13V17H11V11Z",
  success: "M11.0026 16L6.75999 11.7574L8.17421 10.3431L11.0026 13.1716L16.6595 7.51472L18.0737 8.92893L11.0026 16Z",
};

/**
 * An inline alert: a form's outcome, or a section that could not load. Errors
 * are announced as alerts, others politely. Drawn with Chakra's alert recipe,
 * which comes with this component rather than with the theme every public
 * page loads, and without Chakra's Alert parts, whose context machinery would
 * cost the plans and contact pages ~1.5 KB gzip more.
 */
export function FormAlert({ status, title, children, takeFocus = true }: Props) {
  const styles = useSlotRecipe({ recipe: alertSlotRecipe })({ status });
  const ref = useRef<HTMLDivElement>(null);
  // Again whenever the message changes: a second failure is news too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: title is the trigger, not an input
  useEffect(() => {
    const element = ref.current;
    if (!takeFocus || !element) return;
    element.scrollIntoView({ block: "start" });
    element.focus({ preventScroll: true });
  }, [takeFocus, title]);
  return (
    <chakra.div
      ref={ref}
      css={styles.root}
      role={status === "error" ? "alert" : "status"}
      borderRadius="md"
      tabIndex={takeFocus ? -1 : undefined}
      // Clears the sticky site header (4.5rem) and the portal's top bar when scrolled into view.
      scrollMarginTop="6rem"
      _focus={{ outline: "2px solid", outlineColor: "currentColor", outlineOffset: "2px" }}
    >
      <chakra.span css={styles.indicator}>
        <FontAwesomeSvg viewBox="0 0 24 24">
          <path d={`${RING}${MARKS[status]}`} />
        </FontAwesomeSvg>
      </chakra.span>
      <chakra.div css={styles.content}>
        <chakra.div css={styles.title}>{title}</chakra.div>
        {children && <chakra.div css={styles.description}>{children}</chakra.div>}
      </chakra.div>
    </chakra.div>
  );
}
