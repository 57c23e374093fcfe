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
  /** After a card's price, by the plan's period (one the admin console does not offer, as "/its name"). */
  per: { month: "/month", quarter: "/quarter", year: "/year" } as Record<string, string>,
  /** Spec §9 marks Social Premium "Most popular" (its badge, "Best Value", is another plan's). */
  mostPopular: "Most popular",
  choose: "Get Started",
  chooseLabel: (plan: string) => `Get started with ${plan}`,
  loadError: "We could not load our plans. Try again, or contact us for prices.",
  retry: "Try again",
  /** Said (visually hidden) while the plans arrive after a link from another page. */
  loading: "Loading plans…",
  /** A category with no plan shown (none published yet, or all hidden by an administrator). */
  none: "No plans of this kind are offered right now. Tell us what you need and we will shape one for you.",
  customHeading: "Need something different?",
  customText: "We build custom packages for larger teams and combined services.",
  customButton: "Request a Custom Quote",
};
