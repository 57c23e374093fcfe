import { Box } from "@chakra-ui/react";
import type { ReactNode } from "react";

export type InfoItem = { label: string; value: ReactNode };

/** A small definition list: labels in one column, values in the next. */
export function InfoList({ items, size = "md" }: { items: InfoItem[]; size?: "sm" | "md" }) {
  return (
    <Box
      as="dl"
      display="grid"
      gridTemplateColumns="minmax(6rem, max-content) 1fr"
      columnGap="4"
      rowGap="2"
      fontSize={size}
    >
      {items.map((item) => (
        <Box key={item.label} display="contents">
          <Box as="dt" color="fg.muted">
            {item.label}
          </Box>
          <Box as="dd" fontWeight="medium">
            {item.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
