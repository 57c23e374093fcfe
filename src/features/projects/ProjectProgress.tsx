import { HStack, Progress } from "@chakra-ui/react";

export function ProjectProgress({ value, title }: { value: number; title: string }) {
  return (
    <Progress.Root value={value} colorPalette="brand" size="sm" aria-label={`${title} progress`}>
      <HStack justify="space-between" mb="1">
        <Progress.Label fontSize="sm" color="fg.muted">
          Progress
        </Progress.Label>
        <Progress.ValueText fontSize="sm" fontWeight="medium" />
      </HStack>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
