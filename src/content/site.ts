/**
 * All public copy of the marketing site, typed: nothing public is written
 * inline in components. Split by page (shared.ts for the header, footer and
 * 404; one module per page) so each page's JavaScript carries only its own
 * copy; this module gathers them for the prerender step and the server.
 * Prices are not here: they come from the `plans` table through GET /api/plans.
 */
import { about } from "./about";
import { contactPage } from "./contact";
import { home } from "./home";
import { plansPage } from "./plans";
import { serviceDetail } from "./serviceDetails";
import { services, servicesPage } from "./services";
import { company, type PageSeo } from "./shared";

export * from "./about";
export * from "./contact";
export * from "./home";
export * from "./plans";
export * from "./serviceDetails";
export * from "./services";
export * from "./shared";

/**
 * Each public page. `readsQuery`: the query keys that change what the page shows (the contact form's
 * preselected plan); a URL carrying one hydrates the page at once (src/main.tsx), any other query
 * (a campaign's utm_source) leaves it as prerendered until the visitor interacts.
 */
export const publicPages: { path: string; seo: PageSeo; readsQuery?: readonly string[] }[] = [
  { path: "/", seo: home.seo },
  { path: "/about", seo: about.seo },
  { path: "/services", seo: servicesPage.seo },
  ...services.map((service) => ({ path: `/services/${service.id}`, seo: serviceDetail.seo(service) })),
  { path: "/plans", seo: plansPage.seo },
  { path: "/contact", seo: contactPage.seo, readsQuery: ["plan"] },
];

/**
 * The unsubscribe page as a mail's link opens it, `token` in its query: prerendered as it first shows
 * (its "Turn off these e-mails" button), and hydrated at once, so the button sends the token. Served by
 * server/app.ts only with a token; never indexed (robots.txt keeps crawlers away too).
 */
export const unsubscribePage = {
  path: "/unsubscribe?token=prerendered",
  seo: {
    title: `Unsubscribe · ${company.name}`,
    description: `Turn off a kind of ${company.name} notification e-mail.`,
  },
  readsQuery: ["token"],
  noindex: true,
} as const;

/**
 * The sign-in page's two tabs, prerendered like a public page but served only to a visitor the server
 * finds signed out, as `tab` asks (server/app.ts); its other views (a mailed link's) are drawn by the app.
 * Not in the sitemap: they are the portal's door, not the company's content. Their titles are the ones
 * the page sets.
 */
export const signInPages: { tab: "signin" | "signup"; path: string; seo: PageSeo }[] = [
  {
    tab: "signin",
    path: "/auth",
    seo: {
      title: `Sign In · ${company.name}`,
      description: `Sign in to the ${company.name} client portal to follow your projects, messages and invoices.`,
    },
  },
  {
    tab: "signup",
    path: "/auth?tab=signup",
    seo: {
      title: `Sign Up · ${company.name}`,
      description: `Open a ${company.name} client portal account to order services and follow your projects.`,
    },
  },
];
