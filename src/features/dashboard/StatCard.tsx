import { Box, Card, HStack, Skeleton, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { IconType } from "react-icons";

/**
 * One figure of a dashboard: its label, the value (a skeleton while the
 * figures load, never a wrong 0) and a line of context underneath, as a
 * definition list so a screen reader reads the label with its value.
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
    <Card.Root h="full" data-testid="stat-card">
      <Card.Body>
        <HStack justify="space-between" align="start" gap="3">
          <Box as="dl" display="flex" flexDirection="column" gap="1" minW="0" aria-busy={pending || undefined}>
            <Text as="dt" fontSize="sm" color="fg.muted" data-testid="stat-label">
              {label}
            </Text>
            {pending ? (
              <Box as="dd">
                <Skeleton height="8" width="24" aria-hidden="true" />
              </Box>
            ) : (
              <>
                <Text as="dd" fontSize="2xl" fontWeight="semibold" lineHeight="short" data-testid="stat-value">
                  {value}
                </Text>
                {help !== undefined && (
                  <Text as="dd" fontSize="sm" color="fg.muted" data-testid="stat-help">
                    {help}
                  </Text>
                )}
              </>
            )}
          </Box>
          <Box color="fg.muted" fontSize="lg" aria-hidden="true">
            <Icon />
          </Box>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
