import { type ComponentProps, Suspense } from "react";
import { lazyOr } from "../lib/lazy";
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

/** A failed load shows the plain alert this once: the next alert tries the styled one again. */
const alert = lazyOr(() => preloadFormAlert().then((module) => module.FormAlert), PlainAlert);

/**
 * FormAlert for public pages where an alert is the exception (a failed
 * request): its code and recipe load when one shows, or earlier through
 * preloadFormAlert(), instead of with the page.
 */
export function LazyFormAlert(props: Props) {
  const Alert = alert();
  return (
    <Suspense>
      <Alert {...props} />
    </Suspense>
  );
}
