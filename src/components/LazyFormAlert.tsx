import { type ComponentProps, type ComponentType, lazy, Suspense } from "react";
import type { FormAlert } from "./FormAlert";

type Props = ComponentProps<typeof FormAlert>;

export const preloadFormAlert = () => import("./FormAlert");

/**
 * Stands in when the alert's code cannot load, which is likely just after a
 * request failed for want of a network: the message still reaches the visitor.
 */
function PlainAlert({ status, title, children }: Props) {
  return (
    <div role={status === "error" ? "alert" : "status"}>
      <strong>{title}</strong> {children}
    </div>
  );
}

/**
 * React keeps what a lazy component resolved to for good, so a failed load
 * shows the plain alert this once and leaves a fresh lazy component behind:
 * the next alert tries the styled one again.
 */
function lazyAlert(): ComponentType<Props> {
  return lazy(() =>
    preloadFormAlert().then(
      (module) => ({ default: module.FormAlert }),
      () => {
        Alert = lazyAlert();
        return { default: PlainAlert };
      },
    ),
  );
}

let Alert = lazyAlert();

/**
 * FormAlert for public pages where an alert is the exception (a failed
 * request): its code and recipe load when one shows, or earlier through
 * preloadFormAlert(), instead of with the page.
 */
export function LazyFormAlert(props: Props) {
  return (
    <Suspense>
      <Alert {...props} />
    </Suspense>
  );
}
