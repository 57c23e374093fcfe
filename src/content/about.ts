import type { ValuePoint } from "./shared";

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
