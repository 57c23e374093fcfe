/**
 * The public page as an HTML document around a server render (entry-server.tsx):
 * title, description, canonical URL, Open Graph/Twitter tags and the
 * business's JSON-LD, the Emotion styles moved into <head>, the list of
 * chunks its hydration needs. Used by the build's prerender step and by the
 * server, which re-renders the pages showing plans when plans change.
 * Values only known at run time are placeholders server/http/site.ts fills in.
 */
import { company as siteCompany } from "../content/shared";
import type { SiteConfig } from "../features/site/config";
import { APP_CHUNKS_ID, READS_QUERY_ATTRIBUTE } from "../lib/app-chunks";
import { pageTitle } from "../lib/page-title";
import { PORTAL_STATE_ID, type PortalState } from "./portal-context";

type Company = typeof siteCompany;
export type Seo = { title: string; description: string };

export const PLACEHOLDERS = {
  appUrl: "__APP_URL__",
  whatsappNumber: "__WHATSAPP_NUMBER__",
  social: (network: string) => `__SOCIAL_${network.toUpperCase()}_URL__`,
  siteConfig: "<!--site-config-->",
  /** Where the server puts <script id="plans-data" type="application/json"> on the pages that show plans. */
  plansData: "<!--plans-data-->",
};

/** The site config the pages are rendered with: placeholders for what the server knows at run time. */
export function placeholderSiteConfig(currency: string): SiteConfig {
  return {
    whatsappNumber: PLACEHOLDERS.whatsappNumber,
    currency,
    social: Object.fromEntries(
      (["facebook", "instagram", "x", "linkedin"] as const).map((network) => [network, PLACEHOLDERS.social(network)]),
    ),
  };
}

const escapeHtml = (value: unknown) =>
  String(value).replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

function businessJsonLd(company: Company) {
  const url = PLACEHOLDERS.appUrl;
  return {
    "@context": "https://schema.org",
    "@type": ["ProfessionalService", "LocalBusiness"],
    "@id": `${url}/#business`,
    name: company.name,
    description: company.tagline,
    url: `${url}/`,
    email: company.email,
    image: `${url}/favicon.svg`,
    priceRange: "₦₦",
    currenciesAccepted: "NGN",
    address: {
      "@type": "PostalAddress",
      streetAddress: company.office.street,
      addressLocality: company.office.city,
      addressRegion: company.office.region,
      addressCountry: company.office.countryCode,
    },
    areaServed: { "@type": "Country", name: "Nigeria" },
    openingHoursSpecification: company.hours
      .filter((slot) => slot.opens)
      .map((slot) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: slot.schemaDays,
        opens: slot.opens,
        closes: slot.closes,
      })),
  };
}

function headTags(seo: Seo, pagePath: string | null, company: Company) {
  const canonical = pagePath ? `${PLACEHOLDERS.appUrl}${pagePath === "/" ? "/" : pagePath}` : null;
  const tags = [
    `<title>${escapeHtml(seo.title)}</title>`,
    `<meta name="description" content="${escapeHtml(seo.description)}" />`,
  ];
  if (canonical) {
    tags.push(
      `<link rel="canonical" href="${canonical}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${escapeHtml(company.name)}" />`,
      `<meta property="og:locale" content="en_NG" />`,
      `<meta property="og:title" content="${escapeHtml(seo.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(seo.description)}" />`,
      `<meta property="og:url" content="${canonical}" />`,
      `<meta name="twitter:card" content="summary" />`,
      `<meta name="twitter:title" content="${escapeHtml(seo.title)}" />`,
      `<meta name="twitter:description" content="${escapeHtml(seo.description)}" />`,
      `<script type="application/ld+json">${JSON.stringify(businessJsonLd(company)).replaceAll("<", "\\u003c")}</script>`,
    );
  } else {
    tags.push(`<meta name="robots" content="noindex" />`);
  }
  return tags.join("\n    ");
}

const EMOTION_STYLE = /<style data-emotion="[^"]*"[^>]*>[\s\S]*?<\/style>/g;

export type DocumentParts = {
  /** dist/client/index.html as Vite wrote it. */
  template: string;
  /** The rendered #root markup. */
  body: string;
  seo: Seo;
  /** null for the 404 page (no canonical URL, noindex). */
  pagePath: string | null;
  /** The app's and the route's chunks (hashed file names under dist/client), preloaded after load (src/main.tsx). */
  preloads: string[];
  /** Leave the plans-data placeholder before </body>. */
  plansData?: boolean;
  /** The query keys that change what the page shows: written on #root for src/main.tsx. */
  readsQuery?: readonly string[] | undefined;
};

export function buildDocument({
  template,
  body,
  seo,
  pagePath,
  preloads,
  plansData,
  readsQuery,
}: DocumentParts): string {
  const styles = [...new Set(body.match(EMOTION_STYLE) ?? [])];
  const markup = body.replace(EMOTION_STYLE, "");
  // Not <link rel="modulepreload">: the parser would issue every request in the task that parses the
  // head, 50-250 ms of main thread on a throttled phone. The entry preloads them after load, one per idle period.
  const chunkList = `<script id="${APP_CHUNKS_ID}" type="application/json">${JSON.stringify(preloads.map((file) => `/${file}`))}</script>`;
  const html = template
    // The page is complete without JavaScript: hydration code must not compete with first paint.
    .replace('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
    .replace(/<title>[\s\S]*?<\/title>\s*/, "")
    .replace(/<meta name="description"[^>]*>\s*/, "")
    // Replacer functions: the markup holds administrators' text, where `$&` must stay as typed.
    .replace(
      "</head>",
      () => `  ${headTags(seo, pagePath, siteCompany)}\n    ${chunkList}\n    ${styles.join("")}\n  </head>`,
    )
    .replace('<div id="root"></div>', () =>
      readsQuery?.length
        ? `<div id="root" ${READS_QUERY_ATTRIBUTE}="${readsQuery.join(" ")}">${markup}</div>`
        : `<div id="root">${markup}</div>`,
    );
  return plansData ? html.replace("</body>", () => `${PLACEHOLDERS.plansData}\n  </body>`) : html;
}

export type PortalDocumentParts = {
  /** dist/client/index.html, run-time settings filled in. */
  template: string;
  /** The rendered #root markup (src/ssr/render-portal.tsx). */
  body: string;
  /** The tab's title as the page's header set it ("Dashboard · Lagos Studio"). */
  title?: string;
  state: PortalState;
  /** The chunks the page runs at once (src/portal-watch.ts). */
  watchChunks: string[];
  /** The chunks hydrating this page needs, preloaded after load (src/main.tsx). */
  preloads: string[];
};

/**
 * A portal page rendered on the server for one person: never indexed, its
 * state (the data it was rendered with) beside the markup for hydration.
 */
export function buildPortalDocument({
  template,
  body,
  title,
  state,
  watchChunks,
  preloads,
}: PortalDocumentParts): string {
  const styles = [...new Set(body.match(EMOTION_STYLE) ?? [])];
  const markup = body.replace(EMOTION_STYLE, "");
  const stateScript = `<script id="${PORTAL_STATE_ID}" type="application/json">${JSON.stringify(state).replaceAll("<", "\\u003c")}</script>`;
  // As on a public page, the app's chunks are preloaded after load (src/main.tsx); only the small watcher comes at once.
  const links = [
    ...watchChunks.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
    `<script id="${APP_CHUNKS_ID}" type="application/json">${JSON.stringify(preloads.map((file) => `/${file}`))}</script>`,
  ];
  return template
    .replace(/<title>[\s\S]*?<\/title>\s*/, "")
    .replace(/<meta name="description"[^>]*>\s*/, "")
    .replace(
      "</head>",
      () =>
        `  <title>${escapeHtml(title ?? pageTitle("Portal"))}</title>\n    <meta name="robots" content="noindex" />\n    ${links.join("\n    ")}\n    ${styles.join("")}\n  </head>`,
    )
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>\n    ${stateScript}`);
}
