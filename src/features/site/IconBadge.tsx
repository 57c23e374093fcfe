import { Box } from "@chakra-ui/react";
import type { IconComponent } from "../../components/SvgIcon";

export function IconBadge({ icon: Icon, tone = "brand" }: { icon: IconComponent; tone?: "brand" | "gold" }) {
  return (
    <Box
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      boxSize="12"
      rounded="full"
      bg={tone === "brand" ? "brand.50" : "gold.100"}
      color={tone === "brand" ? "brand.700" : "gold.800"}
      fontSize="xl"
    >
      <Icon aria-hidden="true" />
    </Box>
  );
}
