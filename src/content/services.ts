import type { ServiceSummary } from "./shared";

/** What a service card shows; each service's page copy is in ./serviceDetails. */
export const services: ServiceSummary[] = [
  {
    id: "web-app-development",
    title: "Web & App Development",
    blurb: "Fast, secure websites and apps built around how your business works.",
  },
  {
    id: "digital-marketing",
    title: "Digital Marketing",
    blurb: "Campaigns across search and social that bring measurable leads and sales.",
  },
  {
    id: "brand-strategy",
    title: "Brand Strategy",
    blurb: "A clear position, name and identity that make your business memorable.",
  },
  {
    id: "it-solutions",
    title: "IT Solutions",
    blurb: "Cloud, networks and support that keep your team productive and your data safe.",
  },
];

export const servicesPage = {
  seo: {
    title: "Our Services | Lagos Studio",
    description:
      "Web and app development, digital marketing, brand strategy and IT solutions for businesses in Lagos and across Nigeria.",
  },
  heading: "Our services",
  intro: "Four ways we help businesses grow. Pick one, or combine them for a complete digital partner.",
  viewDetails: "View details",
};
