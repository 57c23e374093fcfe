/**
 * All public copy of the marketing site in one typed module: pages render
 * from here, the prerender step reads the SEO fields, and nothing public is
 * written inline in components. Prices are not here: they come from the
 * `plans` table through GET /api/plans.
 */
import type { ENQUIRY_BUDGETS, ENQUIRY_SERVICES } from "../../common/domain";

export type ServiceId = "web-app-development" | "digital-marketing" | "brand-strategy" | "it-solutions";

export type PublicService = {
  id: ServiceId;
  title: string;
  blurb: string;
  description: string;
  features: string[];
  process: { title: string; text: string }[];
};

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

export const socialNetworks = [
  { key: "facebook", label: "Facebook" },
  { key: "instagram", label: "Instagram" },
  { key: "x", label: "X (Twitter)" },
  { key: "linkedin", label: "LinkedIn" },
] as const;
export type SocialNetwork = (typeof socialNetworks)[number]["key"];

export const footer = {
  about: "We build websites and apps, run digital marketing and shape brands for ambitious businesses across Nigeria.",
  quickLinksHeading: "Quick links",
  contactHeading: "Get in touch",
  socialHeading: "Follow us",
  copyright: (year: number) => `© ${year} Lagos Studio. All rights reserved.`,
};

export const services: PublicService[] = [
  {
    id: "web-app-development",
    title: "Web & App Development",
    blurb: "Fast, secure websites and apps built around how your business works.",
    description:
      "From a company website to a full customer portal or mobile app, we design, build and launch software that is fast on Nigerian networks, easy to use and simple to grow. You get a dedicated team, weekly demos and code you own.",
    features: [
      "Responsive websites that load fast on mobile data",
      "Custom web applications and dashboards",
      "iOS and Android apps",
      "E-commerce with Paystack and Flutterwave payments",
      "Integrations with your existing tools and APIs",
    ],
    process: [
      { title: "Discover", text: "We learn your goals, users and constraints, and agree on scope and budget." },
      { title: "Design", text: "Wireframes and visual designs you can click through before we build." },
      { title: "Build", text: "Short sprints with a working demo every week and your feedback built in." },
      { title: "Launch & support", text: "We go live, train your team and keep everything secure and up to date." },
    ],
  },
  {
    id: "digital-marketing",
    title: "Digital Marketing",
    blurb: "Campaigns across search and social that bring measurable leads and sales.",
    description:
      "We plan and run campaigns on the channels your customers actually use: Instagram, Facebook, X, LinkedIn and Google. Every naira is tracked, so you see exactly which posts and ads bring enquiries and sales.",
    features: [
      "Social media management and content creation",
      "Search engine optimisation (SEO)",
      "Paid advertising on Meta and Google",
      "E-mail and WhatsApp marketing",
      "Monthly reports in plain language",
    ],
    process: [
      { title: "Audit", text: "We review your current channels, competitors and audience." },
      { title: "Strategy", text: "A channel plan, content calendar and budget that fit your goals." },
      { title: "Execute", text: "We create, publish, engage and advertise on your behalf." },
      { title: "Measure & improve", text: "Clear reports and constant testing to lower your cost per lead." },
    ],
  },
  {
    id: "brand-strategy",
    title: "Brand Strategy",
    blurb: "A clear position, name and identity that make your business memorable.",
    description:
      "A strong brand makes every naira of marketing work harder. We help you define what you stand for, who you serve and how you sound, then turn it into a visual identity your team can use with confidence.",
    features: [
      "Brand positioning and audience research",
      "Logo and visual identity design",
      "Brand guidelines your team can follow",
      "Messaging and tone of voice",
      "Launch assets for print and social",
    ],
    process: [
      { title: "Research", text: "Interviews with your team and customers, and a look at your market." },
      { title: "Position", text: "A clear statement of who you serve, what you promise and why it matters." },
      { title: "Identity", text: "Logo, colours, type and imagery developed with you in rounds." },
      { title: "Roll-out", text: "Guidelines and ready-to-use assets so the brand shows up consistently." },
    ],
  },
  {
    id: "it-solutions",
    title: "IT Solutions",
    blurb: "Cloud, networks and support that keep your team productive and your data safe.",
    description:
      "We set up and look after the technology your business runs on: cloud services, office networks, devices and security. Fewer outages, safer data and a team that can always get help.",
    features: [
      "Cloud migration (Google Workspace, Microsoft 365, AWS)",
      "Office network and Wi-Fi setup",
      "Cybersecurity audits and staff training",
      "Backups and disaster recovery",
      "Ongoing IT support contracts",
    ],
    process: [
      { title: "Assess", text: "An inventory of your systems, risks and day-to-day pain points." },
      { title: "Plan", text: "A prioritised roadmap with costs and timelines you can approve." },
      { title: "Implement", text: "We install, migrate and secure with minimal disruption to your work." },
      { title: "Support", text: "Monitoring and a helpdesk that answers when your team needs it." },
    ],
  },
];

export const serviceIds = services.map((service) => service.id);

export function findService(id: string): PublicService | undefined {
  return services.find((service) => service.id === id);
}

export const home = {
  seo: {
    title: "Lagos Studio | Web, app, marketing and brand services in Lagos",
    description:
      "Lagos Studio builds websites and apps, runs digital marketing and shapes brands for growing Nigerian businesses. Get a free consultation today.",
  },
  hero: {
    eyebrow: "Digital growth partner in Lagos",
    title: "We build, market and grow your business online",
    text: "Websites, apps, marketing and brand strategy from one dependable team, so you can focus on running your business.",
    primaryCta: "Start Your Project",
    secondaryCta: "View Our Plans",
  },
  valuesHeading: "Why businesses choose us",
  values: [
    {
      icon: "growth",
      title: "Results you can measure",
      text: "Every project has clear goals and reports that show what your money achieved.",
    },
    {
      icon: "team",
      title: "One team for everything",
      text: "Design, development, marketing and IT under one roof, with one point of contact.",
    },
    {
      icon: "speed",
      title: "Built for Nigeria",
      text: "Fast on mobile data, local payment gateways and support in your time zone.",
    },
  ] satisfies ValuePoint[],
  servicesHeading: "Featured services",
  servicesIntro: "Everything you need to grow online, delivered by specialists.",
  learnMore: "Learn more",
  allServices: "See all services",
  ctaHeading: "Ready to grow your business?",
  ctaText: "Tell us about your project and get a free, no-obligation proposal.",
  ctaButton: "Contact Us",
};

export const about = {
  seo: {
    title: "About Us | Lagos Studio",
    description:
      "Meet Lagos Studio: our mission, our values of innovation, reliability and results, and the team behind your next project.",
  },
  heading: "About Lagos Studio",
  intro: "A Lagos-based team of designers, engineers and marketers helping businesses grow with technology.",
  missionHeading: "Our mission",
  mission:
    "To give every ambitious Nigerian business access to world-class technology and marketing, with honest advice, fair prices and results you can measure.",
  valuesHeading: "Our values",
  values: [
    {
      icon: "idea",
      title: "Innovation",
      text: "We bring modern tools and fresh ideas to every brief, and keep learning so you stay ahead.",
    },
    {
      icon: "shield",
      title: "Reliability",
      text: "We do what we say, on time and on budget, and we stay with you after launch.",
    },
    {
      icon: "target",
      title: "Results-Driven",
      text: "We measure success by your growth: more leads, more sales, less wasted spend.",
    },
  ] satisfies ValuePoint[],
  teamHeading: "Meet the team",
  team: [
    {
      name: "Adaeze Okafor",
      role: "Founder & Managing Director",
      bio: "Ten years leading digital projects for banks, retailers and start-ups across West Africa.",
    },
    {
      name: "Tunde Bakare",
      role: "Head of Engineering",
      bio: "Builds fast, secure web and mobile products and leads our development team.",
    },
    {
      name: "Ngozi Eze",
      role: "Head of Marketing",
      bio: "Plans campaigns that turn followers into customers, with numbers to prove it.",
    },
  ],
};

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

export const serviceDetail = {
  seo: (service: PublicService): PageSeo => ({
    title: `${service.title} | Lagos Studio`,
    description: `${service.blurb} ${service.title} services in Lagos, Nigeria, from Lagos Studio.`,
  }),
  back: "All services",
  featuresHeading: "Key features",
  processHeading: "Our process",
  cta: "Start this Project",
  ctaHeading: "Ready to get started?",
  ctaText: "Tell us about your goals and we will reply with a free proposal within 24 hours on business days.",
};

export const plansPage = {
  seo: {
    title: "Plans & Pricing | Lagos Studio",
    description:
      "Monthly social media management and website maintenance plans in naira. Transparent prices, no hidden fees.",
  },
  heading: "Plans & pricing",
  intro: "Simple monthly plans for social media and software maintenance. Every plan can be tailored to your business.",
  categories: {
    social: { heading: "Social media plans", intro: "Grow your audience and turn followers into customers." },
    maintenance: {
      heading: "Software maintenance plans",
      intro: "Keep your website or app secure, fast and up to date.",
    },
  },
  perMonth: "/month",
  mostPopular: "Most Popular",
  choose: "Get Started",
  chooseLabel: (plan: string) => `Get started with ${plan}`,
  loadError: "We could not load the latest prices. Showing our standard prices; please contact us to confirm.",
  customHeading: "Need something different?",
  customText: "We build custom packages for larger teams and combined services.",
  customButton: "Request a Custom Quote",
};

export const enquiryServiceLabels: Record<(typeof ENQUIRY_SERVICES)[number], string> = {
  "web-app-development": "Web & App Development",
  "digital-marketing": "Digital Marketing",
  "brand-strategy": "Brand Strategy",
  "it-solutions": "IT Solutions",
  multiple: "Multiple services",
  consultation: "Consultation only",
};

export const enquiryBudgetLabels: Record<(typeof ENQUIRY_BUDGETS)[number], string> = {
  "under-10k": "Under ₦10,000",
  "10k-25k": "₦10,000 – ₦25,000",
  "25k-50k": "₦25,000 – ₦50,000",
  "50k-100k": "₦50,000 – ₦100,000",
  "over-100k": "Over ₦100,000",
  discuss: "Let's discuss",
};

export const contactPage = {
  seo: {
    title: "Contact Us | Lagos Studio",
    description:
      "Contact Lagos Studio in Lagos, Nigeria. Tell us about your project and we will respond within 24 hours on business days.",
  },
  heading: "Contact us",
  intro: "Tell us about your project. We respond within 24 hours on business days.",
  officeHeading: "Our office",
  hoursHeading: "Business hours",
  responseHeading: "Response time",
  emailHeading: "E-mail",
  formHeading: "Project enquiry",
  fields: {
    firstName: "First name",
    lastName: "Last name",
    email: "E-mail",
    company: "Company",
    service: "Service you need",
    budget: "Budget",
    plan: "Selected plan",
    message: "Tell us about your project",
    website: "Leave this field empty",
  },
  optional: "(optional)",
  selectPlaceholder: "Select an option",
  submit: "Send Enquiry",
  submitting: "Sending…",
  successHeading: "Thank you! Your enquiry has been sent.",
  successText: "We will get back to you within 24 hours on business days.",
  sendAnother: "Send another enquiry",
  errorHeading: "Your enquiry was not sent",
};

export const notFound = {
  seo: { title: "Page not found | Lagos Studio", description: "The page you are looking for does not exist." },
  heading: "Oops! Page not found",
  text: "The page you are looking for has moved or never existed.",
  home: "Return to Home",
};

/** The public routes the prerender step writes, with their SEO copy. */
export const publicPages: { path: string; seo: PageSeo }[] = [
  { path: "/", seo: home.seo },
  { path: "/about", seo: about.seo },
  { path: "/services", seo: servicesPage.seo },
  ...services.map((service) => ({ path: `/services/${service.id}`, seo: serviceDetail.seo(service) })),
  { path: "/plans", seo: plansPage.seo },
  { path: "/contact", seo: contactPage.seo },
];
