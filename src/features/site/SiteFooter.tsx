import { Box, Container, chakra, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { SOCIAL_NETWORKS, type SocialNetwork } from "../../../common/site-domain";
import type { IconComponent } from "../../components/SvgIcon";
import { company, footer, navigation, socialNetworkLabels } from "../../content/shared";
import { getSiteConfig } from "./config";
import { FaFacebookFIcon, FaInstagramIcon, FaLinkedinInIcon, FaXTwitterIcon } from "./icons/chrome";
import { Logo } from "./Logo";
import { renderWhenNearViewport } from "./Section";

const FooterLink = chakra(Link);

const socialIcons: Record<SocialNetwork, IconComponent> = {
  facebook: FaFacebookFIcon,
  instagram: FaInstagramIcon,
  x: FaXTwitterIcon,
  linkedin: FaLinkedinInIcon,
};

export function SiteFooter() {
  const { social } = getSiteConfig();
  // Only networks with a configured address get an icon: no dead links.
  const networks = SOCIAL_NETWORKS.filter((network) => social[network]);
  return (
    <Box as="footer" bg="brand.900" color="brand.50" pt="14" pb="8" data-on-dark="" {...renderWhenNearViewport}>
      <Container maxW="7xl">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="10">
          <Stack gap="4">
            <Logo inverted />
            <Text maxW="sm">{footer.about}</Text>
            {networks.length > 0 && (
              <Box data-social-list="">
                <Heading as="h2" fontSize="sm" textTransform="uppercase" letterSpacing="wider" mb="3" color="gold.300">
                  {footer.socialHeading}
                </Heading>
                <HStack as="ul" gap="2" listStyleType="none">
                  {networks.map((network) => {
                    const Icon = socialIcons[network];
                    return (
                      <li key={network} data-social={network}>
                        <chakra.a
                          href={social[network]}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={`${company.name} on ${socialNetworkLabels[network]}`}
                          display="inline-flex"
                          alignItems="center"
                          justifyContent="center"
                          boxSize="10"
                          rounded="full"
                          bg="whiteAlpha.200"
                          color="white"
                          _hover={{ bg: "gold.400", color: "brand.950" }}
                        >
                          <Icon />
                        </chakra.a>
                      </li>
                    );
                  })}
                </HStack>
              </Box>
            )}
          </Stack>
          <Box as="nav" aria-labelledby="footer-quick-links">
            <Heading
              as="h2"
              id="footer-quick-links"
              fontSize="sm"
              textTransform="uppercase"
              letterSpacing="wider"
              mb="4"
              color="gold.300"
            >
              {footer.quickLinksHeading}
            </Heading>
            <Stack as="ul" gap="2" listStyleType="none">
              {navigation.quickLinks.map((item) => (
                <li key={item.to}>
                  <FooterLink to={item.to} color="brand.50" _hover={{ color: "gold.300", textDecoration: "underline" }}>
                    {item.label}
                  </FooterLink>
                </li>
              ))}
            </Stack>
          </Box>
          <Box>
            <Heading as="h2" fontSize="sm" textTransform="uppercase" letterSpacing="wider" mb="4" color="gold.300">
              {footer.contactHeading}
            </Heading>
            <Stack as="address" gap="2" fontStyle="normal">
              <Text>
                {company.office.street}, {company.office.city}, {company.office.country}
              </Text>
              <chakra.a
                href={`mailto:${company.email}`}
                color="brand.50"
                _hover={{ color: "gold.300" }}
                textDecoration="underline"
              >
                {company.email}
              </chakra.a>
              <Text>{company.responseTime}</Text>
            </Stack>
          </Box>
        </SimpleGrid>
        <Text mt="12" pt="6" borderTopWidth="1px" borderColor="whiteAlpha.300" fontSize="sm" color="brand.100">
          {footer.copyright(new Date().getFullYear())}
        </Text>
      </Container>
    </Box>
  );
}
