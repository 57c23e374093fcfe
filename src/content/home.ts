import type { ValuePoint } from "./shared";

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
