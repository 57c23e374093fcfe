import { Box, type BoxProps, Card, Skeleton, Stack, Stat, VisuallyHidden } from "@chakra-ui/react";
import type { CSSProperties, ReactNode } from "react";
import type { IconType } from "react-icons";
import { textEm } from "../lib/text-width";

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
              <Stat.ValueText data-testid="stat-value" lineHeight="short" whiteSpace="nowrap" style={fitted(value)}>
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
 * The value's type size when its text is known: 24 px (the recipe's) unless its text, at its
 * estimated width (`textEm`), would not fit the card's content box (the card is a size container:
 * 100cqi less the body's 3rem of padding), then as large as fits, down to 14 px. A figure never
 * breaks: the grids (`StatGrid`) keep each card wide enough for a 14-character amount at 18 px.
 * Without it, ₦1,650,000.00 in a third of a tablet's page broke after "₦1,650,00".
 */
function fitted(value: ReactNode): CSSProperties | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  return { fontSize: `clamp(0.875rem, calc((100cqi - 3rem) / ${textEm(String(value)).toFixed(2)}), 1.5rem)` };
}

/**
 * Stat cards side by side as far as their container allows, whatever the viewport: the sidebar,
 * open or folded, decides how wide the page's content is. `columns` lists the column counts the
 * grid may take, smallest first (4 cards: 1, 2 or 4, never 3 and 1 alone); each applies once every
 * card can be `minCardRem` wide. 14rem fits a 14-character amount at 18 px; counts need less.
 */
export function StatGrid({
  label,
  columns,
  minCardRem = 14,
  children,
  ...rest
}: {
  label: string;
  columns: number[];
  minCardRem?: number;
  children: ReactNode;
} & Omit<BoxProps, "columns" | "children">) {
  const [first = 1, ...wider] = columns;
  const steps = Object.fromEntries(
    wider.map((count) => [
      // The grid's gap is 1rem.
      `@container (min-width: ${count * minCardRem + (count - 1)}rem)`,
      { gridTemplateColumns: `repeat(${count}, minmax(0, 1fr))` },
    ]),
  );
  return (
    <Box css={{ containerType: "inline-size" }}>
      <Box
        as="section"
        aria-label={label}
        display="grid"
        gap="4"
        css={{ gridTemplateColumns: `repeat(${first}, minmax(0, 1fr))`, ...steps }}
        {...rest}
      >
        {children}
      </Box>
    </Box>
  );
}
