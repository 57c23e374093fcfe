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

export const publicPages: { path: string; seo: PageSeo }[] = [
  { path: "/", seo: home.seo },
  { path: "/about", seo: about.seo },
  { path: "/services", seo: servicesPage.seo },
  ...services.map((service) => ({ path: `/services/${service.id}`, seo: serviceDetail.seo(service) })),
  { path: "/plans", seo: plansPage.seo },
  { path: "/contact", seo: contactPage.seo },
];

/**
 * The sign-in page, prerendered like a public page (its Sign In form) but served only to a visitor the
 * server finds signed out, and without a query that changes what it shows (server/app.ts). Not in the
 * sitemap: it is the portal's door, not the company's content. Its title is the one the page sets.
 */
export const signInPage: { path: "/auth"; seo: PageSeo } = {
  path: "/auth",
  seo: {
    title: `Sign In · ${company.name}`,
    description: `Sign in to the ${company.name} client portal to follow your projects, messages and invoices.`,
  },
};
