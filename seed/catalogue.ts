/**
 * The published catalogue: the four services and the six plans of spec §9.
 * Loaded into the database by the seed; the site and the admin console read
 * them from there. Prices are whole naira here and stored in kobo.
 */
import type { ServiceId } from "../common/domain";

export type CataloguePlan = {
  slug: string;
  category: "social" | "maintenance";
  name: string;
  priceNaira: number;
  description: string;
  features: string[];
  isPopular?: boolean;
  badge?: string;
};

export const PLANS: CataloguePlan[] = [
  {
    slug: "social-starter",
    category: "social",
    name: "Social Starter",
    priceNaira: 100_000,
    description: "A steady presence on the platforms your customers use most.",
    features: ["2 platforms", "12 posts per month", "Basic hashtag research", "Monthly performance report"],
  },
  {
    slug: "social-growth",
    category: "social",
    name: "Social Growth",
    priceNaira: 200_000,
    description: "More reach, a planned calendar and active community engagement.",
    features: [
      "4 platforms",
      "20 posts per month",
      "Content calendar",
      "Community engagement",
      "Bi-weekly reports",
      "Ad budget guidance",
    ],
  },
  {
    slug: "social-premium",
    category: "social",
    name: "Social Premium",
    priceNaira: 300_000,
    description: "Full-service social media management for brands that want to lead.",
    features: [
      "Up to 6 platforms",
      "Unlimited posts",
      "Full community engagement",
      "Strategy sessions twice a month",
      "Paid ad setup",
      "Weekly analytics",
    ],
    isPopular: true,
  },
  {
    slug: "maintenance-basic",
    category: "maintenance",
    name: "Maintenance Basic",
    priceNaira: 80_000,
    description: "Keep your website or app secure and working.",
    features: ["Monthly security updates", "Bug fixes", "E-mail support (24-48 hrs)"],
  },
  {
    slug: "maintenance-standard",
    category: "maintenance",
    name: "Maintenance Standard",
    priceNaira: 150_000,
    description: "Backups and priority support for business-critical sites.",
    features: ["Everything in Basic", "Weekly backups", "Same-day priority support", "Plugin and dependency updates"],
    badge: "Best Value",
  },
  {
    slug: "maintenance-enterprise",
    category: "maintenance",
    name: "Maintenance Enterprise",
    priceNaira: 250_000,
    description: "Round-the-clock care for platforms that cannot go down.",
    features: [
      "Everything in Standard",
      "24/7 monitoring",
      "Advanced security",
      "Dedicated account manager",
      "Quarterly consultations",
    ],
  },
];

export type CatalogueService = {
  /** One of the four services that have a public page at /services/{id}. */
  slug: ServiceId;
  title: string;
  description: string;
  priceNaira: number;
  estimatedDuration: string;
  features: string[];
  allowMilestones: boolean;
};

export const SERVICES: CatalogueService[] = [
  {
    slug: "web-app-development",
    title: "Web & App Development",
    description: "Fast, secure websites and web or mobile apps built around how your business works.",
    priceNaira: 1_500_000,
    estimatedDuration: "6-12 weeks",
    features: ["Responsive websites", "Web applications", "Mobile apps", "E-commerce and payments", "API integrations"],
    allowMilestones: true,
  },
  {
    slug: "digital-marketing",
    title: "Digital Marketing",
    description: "Campaigns across search and social that bring measurable leads and sales.",
    priceNaira: 250_000,
    estimatedDuration: "Monthly",
    features: ["Social media management", "Search engine optimisation", "Paid advertising", "E-mail marketing"],
    allowMilestones: false,
  },
  {
    slug: "brand-strategy",
    title: "Brand Strategy",
    description: "A clear position, name and identity that make your business memorable.",
    priceNaira: 600_000,
    estimatedDuration: "3-5 weeks",
    features: ["Brand positioning", "Logo and visual identity", "Brand guidelines", "Messaging and tone of voice"],
    allowMilestones: true,
  },
  {
    slug: "it-solutions",
    title: "IT Solutions",
    description: "Cloud, networks and support that keep your team productive and your data safe.",
    priceNaira: 400_000,
    estimatedDuration: "2-6 weeks",
    features: ["Cloud migration", "Network setup", "Cybersecurity audits", "IT support contracts"],
    allowMilestones: true,
  },
];

export const nairaToKobo = (naira: number) => Math.round(naira * 100);
