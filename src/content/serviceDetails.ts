import type { ServiceId } from "../../common/site-domain";
import { services } from "./services";
import type { PageSeo, PublicService, ServiceContent, ServiceSummary } from "./shared";

/** Each service's own page, apart from ./services so the cards on the home and services pages do not carry it. */
const content: Record<ServiceId, ServiceContent> = {
  "web-app-development": {
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
  "digital-marketing": {
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
  "brand-strategy": {
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
  "it-solutions": {
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
};

export function findService(id: string): PublicService | undefined {
  const summary = services.find((service) => service.id === id);
  return summary && { ...summary, ...content[summary.id] };
}

export const serviceDetail = {
  seo: (service: ServiceSummary): PageSeo => ({
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
