import { chakra, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { company } from "../../content/shared";

const LogoLink = chakra(Link);

/** Inline SVG mark: no image request, fixed size, so nothing shifts while loading. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <LogoLink to="/" display="inline-flex" alignItems="center" gap="2" rounded="md" aria-label={`${company.name} home`}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill={inverted ? "#ffffff" : "#11573c"} />
        <path
          d="M9 8v16h10"
          stroke={inverted ? "#11573c" : "#ffffff"}
          strokeWidth="3.2"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="22.5" cy="11" r="3.5" fill="#f5b700" />
      </svg>
      <Text as="span" fontWeight="bold" fontSize="lg" color={inverted ? "white" : "brand.900"} letterSpacing="tight">
        {company.name}
      </Text>
    </LogoLink>
  );
}
