import type { ServiceId, SocialNetwork } from "../../common/site-domain";

/**
 * Public copy every page needs (header, footer, 404) and the content types. Each page's own copy lives in its own module (home.ts, about.ts, services.ts and serviceDetails.ts, plans.ts, contact.ts), so a page loads only its copy; site.ts gathers them for the prerender step.
 */
export type ServiceSummary = { id: ServiceId; title: string; blurb: string };
export type ServiceContent = { description: string; features: string[]; process: { title: string; text: string }[] };
export type PublicService = ServiceSummary & ServiceContent;

export type PageSeo = { title: string; description: string };

export type ValueIcon = "growth" | "team" | "speed" | "idea" | "shield" | "target";
export type ValuePoint = { icon: ValueIcon; title: string; text: string };

/** The company's facts live in common/ so the server (invoice PDFs) uses the same ones. */
export { company } from "../../common/company";

export const navigation = {
  main: [
    { label: "Home", to: "/" },
    { label: "About", to: "/about" },
    { label: "Services", to: "/services" },
    { label: "Plans", to: "/plans" },
    { label: "Contact", to: "/contact" },
  ],
  quickLinks: [
    { label: "Home", to: "/" },
    { label: "About", to: "/about" },
    { label: "Services", to: "/services" },
    { label: "Contact", to: "/contact" },
  ],
  startNow: "Start Now",
  consultation: "Get a Free Consultation",
  skipLink: "Skip to main content",
  menuOpen: "Open menu",
  menuClose: "Close menu",
} as const;

export const socialNetworkLabels: Record<SocialNetwork, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  x: "X (Twitter)",
  linkedin: "LinkedIn",
};

export const footer = {
  about: "We build websites and apps, run digital marketing and shape brands for ambitious businesses across Nigeria.",
  quickLinksHeading: "Quick links",
  contactHeading: "Get in touch",
  socialHeading: "Follow us",
  copyright: (year: number) => `© ${year} Lagos Studio. All rights reserved.`,
};

export const notFound = {
  seo: { title: "Page not found | Lagos Studio", description: "The page you are looking for does not exist." },
  heading: "Oops! Page not found",
  text: "The page you are looking for has moved or never existed.",
  home: "Return to Home",
};

/** The public routes the prerender step writes, with their SEO copy. */
