import { Card, HStack, Skeleton, Stat } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { IconType } from "react-icons";

/**
 * One figure of a dashboard: its label, the value (a skeleton while the
 * figures load, never a wrong 0) and a line of context underneath.
 */
export function StatCard({
  label,
  value,
  help,
  icon: Icon,
  pending = false,
}: {
  label: string;
  value: ReactNode;
  help?: ReactNode;
  icon: IconType;
  pending?: boolean;
}) {
  return (
    <Card.Root h="full">
      <Card.Body>
        <Stat.Root aria-busy={pending || undefined}>
          <HStack justify="space-between" align="start">
            <Stat.Label>{label}</Stat.Label>
            <Icon aria-hidden="true" />
          </HStack>
          {pending ? (
            <>
              <Skeleton height="8" width="24" aria-hidden="true" />
              <Skeleton height="4" width="20" aria-hidden="true" />
            </>
          ) : (
            <>
              <Stat.ValueText>{value}</Stat.ValueText>
              {help !== undefined && <Stat.HelpText color="fg.muted">{help}</Stat.HelpText>}
            </>
          )}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}
