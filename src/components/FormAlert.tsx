import { Alert } from "@chakra-ui/react";
import type { ReactNode } from "react";

type Props = { status: "error" | "success" | "info" | "warning"; title: ReactNode; children?: ReactNode };

/** An inline alert for a form's outcome; errors are announced as alerts, others politely. */
export function FormAlert({ status, title, children }: Props) {
  return (
    <Alert.Root status={status} role={status === "error" ? "alert" : "status"} borderRadius="md">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {children && <Alert.Description>{children}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}
