/**
 * The prerender step of `npm run build` (run after the client build):
 *  1. builds src/entry-server.tsx for Node (Vite SSR build into dist/ssr),
 *  2. renders every public route and the 404 page into dist/pages/*.html,
 *     with the page's title, description, canonical URL, Open Graph/Twitter
 *     tags and the business's JSON-LD, its Emotion styles moved into <head>
 *     and modulepreload links for its route chunks,
 *  3. writes sitemap.xml and robots.txt,
 *  4. precompresses the static assets (.br and .gz) for @fastify/static.
 * Values only known at run time (APP_URL, WHATSAPP_NUMBER, social links)
 * are placeholders that server/http/site.ts fills in when it starts.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import zlib from "node:zlib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLIENT = path.join(ROOT, "dist/client");
// Per-process, so two builds running at once do not delete each other's server bundle.
const SSR = path.join(ROOT, `dist/.ssr-${process.pid}`);
const PAGES = path.join(ROOT, "dist/pages");

export const PLACEHOLDERS = {
  appUrl: "__APP_URL__",
  whatsappNumber: "__WHATSAPP_NUMBER__",
  social: (network) => `__SOCIAL_${network.toUpperCase()}_URL__`,
  siteConfig: "<!--site-config-->",
};

/** Route file behind each public path, to preload the chunks its hydration needs. */
function routeFile(pagePath) {
  if (pagePath === "/") return "src/routes/_site/index.tsx";
  if (pagePath === "/services") return "src/routes/_site/services/index.tsx";
  if (pagePath.startsWith("/services/")) return "src/routes/_site/services/$serviceId.tsx";
  return `src/routes/_site${pagePath}.tsx`;
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const escapeHtml = (value) =>
  String(value).replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

function businessJsonLd(company) {
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

function headTags({ seo, pagePath, company }) {
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

/** Every chunk a module needs (static imports, transitively), from Vite's manifest. */
function chunkClosure(manifest, key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const imported of entry.imports ?? []) chunkClosure(manifest, imported, seen);
  return seen;
}

const EMOTION_STYLE = /<style data-emotion="[^"]*"[^>]*>[\s\S]*?<\/style>/g;

function buildPage({ template, body, seo, pagePath, company, preloads }) {
  const styles = [...new Set(body.match(EMOTION_STYLE) ?? [])];
  const markup = body.replace(EMOTION_STYLE, "");
  const preloadTags = preloads.map(
    (file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}" />`,
  );
  return (
    template
      // The page is complete without JavaScript: hydration code must not compete with first paint.
      .replace('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
      .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin')
      .replace(/<title>[\s\S]*?<\/title>\s*/, "")
      .replace(/<meta name="description"[^>]*>\s*/, "")
      .replace(
        "</head>",
        `  ${headTags({ seo, pagePath, company })}\n    ${preloadTags.join("\n    ")}\n    ${styles.join("")}\n  </head>`,
      )
      .replace('<div id="root"></div>', `<div id="root">${markup}</div>`)
  );
}

function compressTree(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      if (name !== ".vite") compressTree(file);
      continue;
    }
    if (!/\.(js|css|svg|json|txt|xml|webmanifest)$/.test(name)) continue;
    const data = readFileSync(file);
    if (data.length < 1024) continue;
    writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  }
}

async function main() {
  run(path.join(ROOT, "node_modules/.bin/vite"), [
    "build",
    "--ssr",
    "src/entry-server.tsx",
    "--outDir",
    path.relative(ROOT, SSR),
    "--logLevel",
    "warn",
  ]);
  const { render, publicPages, notFound, company } = await import(
    pathToFileURL(path.join(SSR, "entry-server.js")).href
  );
  const template = readFileSync(path.join(CLIENT, "index.html"), "utf8");
  const manifest = JSON.parse(readFileSync(path.join(CLIENT, ".vite/manifest.json"), "utf8"));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const entryChunks = chunkClosure(manifest, entryKey);
  const layoutChunks = chunkClosure(manifest, "src/routes/_site.tsx?tsr-split=component");

  const siteConfig = {
    whatsappNumber: PLACEHOLDERS.whatsappNumber,
    currency: process.env.CURRENCY || "NGN",
    social: Object.fromEntries(
      ["facebook", "instagram", "x", "linkedin"].map((network) => [network, PLACEHOLDERS.social(network)]),
    ),
  };

  rmSync(PAGES, { recursive: true, force: true });
  mkdirSync(PAGES, { recursive: true });
  const written = [];
  for (const page of publicPages) {
    const body = await render(page.path, siteConfig);
    const routeChunks = chunkClosure(manifest, `${routeFile(page.path)}?tsr-split=component`);
    const preloads = [...new Set([...layoutChunks, ...routeChunks])].filter((file) => !entryChunks.has(file));
    const file = page.path === "/" ? "index.html" : `${page.path.slice(1).replaceAll("/", "__")}.html`;
    writeFileSync(
      path.join(PAGES, file),
      buildPage({ template, body, seo: page.seo, pagePath: page.path, company, preloads }),
    );
    written.push({ path: page.path, file });
  }
  const notFoundBody = await render("/__prerender-not-found__", siteConfig);
  writeFileSync(
    path.join(PAGES, "404.html"),
    buildPage({ template, body: notFoundBody, seo: notFound.seo, pagePath: null, company, preloads: [] }),
  );

  const today = new Date().toISOString().slice(0, 10);
  const urls = publicPages.map(
    (page) =>
      `  <url><loc>${PLACEHOLDERS.appUrl}${page.path}</loc><lastmod>${today}</lastmod><priority>${page.path === "/" ? "1.0" : "0.8"}</priority></url>`,
  );
  writeFileSync(
    path.join(PAGES, "sitemap.xml"),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
  );
  writeFileSync(
    path.join(PAGES, "robots.txt"),
    `User-agent: *\nAllow: /\nDisallow: /portal\nDisallow: /api\n\nSitemap: ${PLACEHOLDERS.appUrl}/sitemap.xml\n`,
  );
  writeFileSync(path.join(PAGES, "manifest.json"), JSON.stringify({ pages: written, notFound: "404.html" }, null, 2));
  compressTree(CLIENT);
  rmSync(SSR, { recursive: true, force: true });
}

await main();
