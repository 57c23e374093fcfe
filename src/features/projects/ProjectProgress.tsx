import { HStack, Progress } from "@chakra-ui/react";

/**
 * A project's progress: the progressbar (Ark's track) is named after the project ("Website progress"),
 * and its percentage, shown beside "Progress", is not a live region (Ark makes it one) that a live
 * update would read out on every card.
 */
export function ProjectProgress({ value, title }: { value: number; title: string }) {
  return (
    <Progress.Root value={value} colorPalette="brand" size="sm">
      <HStack justify="space-between" mb="1">
        <Progress.Label fontSize="sm" color="fg.muted">
          Progress
        </Progress.Label>
        <Progress.ValueText fontSize="sm" fontWeight="medium" aria-live="off" />
      </HStack>
      <Progress.Track aria-label={`${title} progress`}>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
