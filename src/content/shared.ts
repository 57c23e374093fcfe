import type { ServiceId, SocialNetwork } from "../../common/domain";

/**
 * Public copy every page needs (header, footer, 404) and the content types. Each page's own copy lives in its own module (home.ts, about.ts, services.ts and serviceDetails.ts, plans.ts, contact.ts), so a page loads only its copy; site.ts gathers them for the prerender step.
 */
export type ServiceSummary = { id: ServiceId; title: string; blurb: string };
export type ServiceContent = { description: string; features: string[]; process: { title: string; text: string }[] };
export type PublicService = ServiceSummary & ServiceContent;

export type PageSeo = { title: string; description: string };

export type ValueIcon = "growth" | "team" | "speed" | "idea" | "shield" | "target";
export type ValuePoint = { icon: ValueIcon; title: string; text: string };

export const company = {
  name: "Lagos Studio",
  tagline: "Marketing and software services for growing Nigerian businesses",
  email: "hello@lagos-studio.test",
  office: {
    street: "12 Admiralty Way, Lekki Phase 1",
    city: "Lagos",
    region: "Lagos State",
    country: "Nigeria",
    countryCode: "NG",
  },
  responseTime: "We respond within 24 hours on business days.",
  hours: [
    {
      days: "Monday – Friday",
      time: "9:00 AM – 6:00 PM",
      opens: "09:00",
      closes: "18:00",
      schemaDays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
    },
    { days: "Saturday", time: "10:00 AM – 2:00 PM", opens: "10:00", closes: "14:00", schemaDays: ["Saturday"] },
    { days: "Sunday", time: "Closed", opens: null, closes: null, schemaDays: [] },
  ],
  consultationMessage:
    "Hello Lagos Studio! I would like to book a free consultation about my project. Please let me know when you are available.",
} as const;

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
