import { Button, HStack, type StackProps, Text } from "@chakra-ui/react";

/**
 * A read that failed, where its content would be: what could not be loaded and Retry, the one
 * shape every list, card and dialog shows (the layout around it is the caller's).
 */
export function LoadFailed({ message, onRetry, ...layout }: { message: string; onRetry: () => unknown } & StackProps) {
  return (
    <HStack gap="3" wrap="wrap" {...layout}>
      <Text>{message}</Text>
      <Button size="sm" variant="outline" onClick={() => void onRetry()}>
        Retry
      </Button>
    </HStack>
  );
}
