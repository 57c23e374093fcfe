import { Box, Card, Skeleton, Stack, Stat, VisuallyHidden } from "@chakra-ui/react";
import type { CSSProperties, ReactNode } from "react";
import type { IconType } from "react-icons";

/**
 * One figure of a dashboard or a summary row: its label, the value and an
 * optional line of context, as a definition list so a screen reader reads the
 * label with its value. While the figures load it shows a skeleton, and a
 * figure that could not be read shows a dash, never a wrong 0.
 *
 * A long figure shrinks to fit its card (see `fitted`); the icon sits in the
 * corner beside the label so the value has the card's whole width.
 */
export function StatCard({
  label,
  value,
  help,
  icon: Icon,
  pending,
}: {
  label: string;
  /** The figure; `undefined` once loaded means it could not be read. */
  value: ReactNode | undefined;
  help?: ReactNode;
  icon?: IconType;
  pending: boolean;
}) {
  return (
    <Card.Root h="full" position="relative" data-testid="stat-card" css={{ containerType: "inline-size" }}>
      <Card.Body>
        <Stat.Root aria-busy={pending || undefined}>
          <Stat.Label data-testid="stat-label" pe={Icon ? "8" : undefined}>
            {label}
          </Stat.Label>
          {pending ? (
            <Stack as="dd" gap="2" aria-hidden="true">
              <Skeleton height="8" width="24" />
            </Stack>
          ) : value === undefined || value === null ? (
            <Stat.ValueText data-testid="stat-value">
              <span aria-hidden="true">—</span>
              <VisuallyHidden>Not available</VisuallyHidden>
            </Stat.ValueText>
          ) : (
            <>
              <Stat.ValueText data-testid="stat-value" lineHeight="short" overflowWrap="anywhere" style={fitted(value)}>
                {value}
              </Stat.ValueText>
              {help !== undefined && (
                <Stat.HelpText as="dd" color="fg.muted" data-testid="stat-help">
                  {help}
                </Stat.HelpText>
              )}
            </>
          )}
        </Stat.Root>
        {Icon && (
          <Box position="absolute" top="6" insetEnd="6" color="fg.muted" fontSize="lg" aria-hidden="true">
            <Icon />
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The value's type size when its text is known: 24 px (the recipe's) unless its characters, at
 * ~0.62 em each (a little over the font's average for a figure: "₦1,650,000.00" measures 7.8 em,
 * 0.6 a character), would not fit the card's content box (the card is a size container: 100cqi
 * less the body's 3rem of padding), then as large as fits, down to 18 px. Without it,
 * ₦1,650,000.00 in a quarter of the page broke before its ".00".
 */
function fitted(value: ReactNode): CSSProperties | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  const characters = String(value).length;
  return { fontSize: `clamp(1.125rem, calc((100cqi - 3rem) / ${(characters * 0.62).toFixed(2)}), 1.5rem)` };
}
