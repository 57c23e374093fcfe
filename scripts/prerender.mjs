/**
 * The prerender step of `npm run build` (run after the client build):
 *  1. builds src/entry-server.tsx for Node (Vite SSR build, kept in dist/ssr:
 *     the server renders the pages showing plans again from the database),
 *  2. renders every public route, the sign-in and unsubscribe pages and the 404 page into dist/pages/*.html
 *     (src/ssr/document.ts: title, description, canonical URL, Open Graph/Twitter
 *     tags, the business's JSON-LD, Emotion styles in <head>, modulepreload
 *     links for its route chunks); manifest.json lists each page's preloads,
 *  3. writes sitemap.xml and robots.txt,
 *  4. precompresses the static assets (.br and .gz) for @fastify/static.
 * Values only known at run time (APP_URL, WHATSAPP_NUMBER, social links)
 * are placeholders that server/http/site.ts fills in when it starts.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import zlib from "node:zlib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLIENT = path.join(ROOT, "dist/client");
// Built per process, so two builds running at once do not delete each other's bundle; then moved to dist/ssr.
const SSR_BUILD = path.join(ROOT, `dist/.ssr-${process.pid}`);
const SSR = path.join(ROOT, "dist/ssr");
const PAGES = path.join(ROOT, "dist/pages");

/** Route file behind each public path, to preload the chunks its hydration needs. */
function routeFile(pagePath) {
  if (pagePath === "/") return "src/routes/_site/index.tsx";
  if (pagePath === "/services") return "src/routes/_site/services/index.tsx";
  if (pagePath.startsWith("/services/")) return "src/routes/_site/services/$serviceId.tsx";
  return `src/routes/_site${pagePath}.tsx`;
}

/**
 * Every route file under src/routes/portal with the id TanStack Router gives its route
 * ("portal/route.tsx" is "/portal", "portal/index.tsx" is "/portal/", "portal/projects/$projectId.tsx"
 * is "/portal/projects/$projectId").
 */
function portalRouteFiles(dir = path.join(ROOT, "src/routes/portal")) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return portalRouteFiles(file);
    if (!name.endsWith(".tsx")) return [];
    const relative = path.relative(path.join(ROOT, "src/routes"), file).split(path.sep).join("/");
    const id = `/${relative.replace(/\.tsx$/, "")}`.replace(/\/route$/, "").replace(/\/index$/, "/");
    return [{ id, file: relative }];
  });
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Every chunk a module needs (static imports, transitively), from Vite's manifest. */
function chunkClosure(manifest, key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const imported of entry.imports ?? []) chunkClosure(manifest, imported, seen);
  return seen;
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
  rmSync(SSR_BUILD, { recursive: true, force: true });
  run(path.join(ROOT, "node_modules/.bin/vite"), [
    "build",
    "--ssr",
    "src/entry-server.tsx",
    "--outDir",
    path.relative(ROOT, SSR_BUILD),
    "--logLevel",
    "warn",
  ]);
  const {
    renderDocument,
    publicPages,
    signInPages,
    unsubscribePage,
    PLACEHOLDERS,
    PLAN_PAGES,
    SIGNED_OUT_MARK,
    SCRIPT_NEEDED,
  } = await import(pathToFileURL(path.join(SSR_BUILD, "entry-server.js")).href);
  const template = readFileSync(path.join(CLIENT, "index.html"), "utf8");
  const manifest = JSON.parse(readFileSync(path.join(CLIENT, ".vite/manifest.json"), "utf8"));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const entryChunks = chunkClosure(manifest, entryKey);
  // The entry imports the app (React, Chakra, the router: the "app" chunk, vite.config.ts) dynamically:
  // every page preloads it.
  const appKey = manifest[entryKey].dynamicImports?.find((key) => manifest[key].name === "app");
  if (!appKey) throw new Error("the entry does not import the app chunk: see codeSplitting in vite.config.ts");
  const appChunks = chunkClosure(manifest, appKey);
  const layoutChunks = chunkClosure(manifest, "src/routes/_site.tsx?tsr-split=component");
  const currency = process.env.CURRENCY || "NGN";

  rmSync(PAGES, { recursive: true, force: true });
  mkdirSync(PAGES, { recursive: true });
  const written = [];
  const markSignedOut = (html) => html.replace("</head>", () => `  ${SIGNED_OUT_MARK}\n  </head>`);
  /** What hydrating a page of the site layout needs beyond the entry: the app's, the layout's and its route's chunks. */
  const sitePreloads = (pagePath) =>
    [
      ...new Set([
        ...appChunks,
        ...layoutChunks,
        ...chunkClosure(manifest, `${routeFile(pagePath.split("?")[0])}?tsr-split=component`),
      ]),
    ].filter((file) => !entryChunks.has(file));
  for (const page of publicPages) {
    const preloads = sitePreloads(page.path);
    // Pages showing plans are rendered here without any: the server renders them again from the database.
    const html = await renderDocument(page.path, { template, preloads, currency, plans: [] });
    const file = page.path === "/" ? "index.html" : `${page.path.slice(1).replaceAll("/", "__")}.html`;
    writeFileSync(path.join(PAGES, file), html);
    written.push({ path: page.path, file, preloads, ...(PLAN_PAGES.includes(page.path) ? { plans: true } : {}) });
  }
  // The sign-in page's tabs as a signed-out visitor first sees them (server/app.ts serves them to them only).
  const signIn = {};
  for (const page of signInPages) {
    signIn[page.tab] = page.tab === "signin" ? "auth.html" : `auth-${page.tab}.html`;
    writeFileSync(
      path.join(PAGES, signIn[page.tab]),
      markSignedOut(await renderDocument(page.path, { template, preloads: sitePreloads(page.path), currency })),
    );
  }
  // The unsubscribe page as a mail's link opens it (server/app.ts serves it for a URL with a token).
  writeFileSync(
    path.join(PAGES, "unsubscribe.html"),
    await renderDocument(unsubscribePage.path, { template, preloads: sitePreloads(unsubscribePage.path), currency }),
  );
  // The SPA shell shows nothing until its route's code has run: each shell preloads its first route's
  // chunks beside the entry, at normal priority, instead of after the entry has run the router.
  const chunksOf = (file) => [...chunkClosure(manifest, `src/routes/${file}?tsr-split=component`)];
  const shells = {
    auth: [...appChunks, ...layoutChunks, ...chunksOf("_site/auth.tsx")],
    unsubscribe: [...appChunks, ...layoutChunks, ...chunksOf("_site/unsubscribe.tsx")],
    portal: [...appChunks, ...chunksOf("portal/route.tsx")],
    portalHome: [...appChunks, ...chunksOf("portal/route.tsx"), ...chunksOf("portal/index.tsx")],
  };
  // What a page the app draws (sign-in's mailed-link views, the portal's shell) shows where JavaScript is off.
  const shellNote =
    '<p style="max-width:32rem;margin:2rem auto;padding:0.75rem;border:1px solid #c05621;border-radius:0.375rem;background:#fffaf0;color:#1a202c;font-family:system-ui,sans-serif">' +
    `${SCRIPT_NEEDED.shell}</p>`;
  for (const [name, chunks] of Object.entries(shells)) {
    const files = [...new Set(chunks)].filter((file) => !entryChunks.has(file));
    if (files.length === 0) throw new Error(`no chunks found for the ${name} shell: did a route file move?`);
    const tags = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`).join("\n    ");
    const shell = template
      .replace("</head>", `  ${tags}\n  </head>`)
      // The app draws everything on these pages; where JavaScript is off they would be blank.
      // Beside the root, not in it: an empty root is how the entry knows the app renders it (src/main.tsx).
      .replace('<div id="root"></div>', `<noscript>${shellNote}</noscript><div id="root"></div>`);
    writeFileSync(path.join(PAGES, `shell-${name}.html`), name === "auth" ? markSignedOut(shell) : shell);
  }
  // Portal pages rendered by the server (server/http/portal-pages.ts) preload what hydrating them needs:
  // the app, the portal's hydration module, and each matched route's chunks.
  const dynamicImport = (file) => {
    const key = manifest[entryKey].dynamicImports?.find((candidate) => candidate.endsWith(file));
    if (!key) throw new Error(`the entry does not import ${file}`);
    return key;
  };
  const watchChunks = [...chunkClosure(manifest, dynamicImport("src/portal-watch.ts"))].filter(
    (file) => !entryChunks.has(file),
  );
  const portal = {
    watchChunks,
    baseChunks: [...new Set([...appChunks, ...chunkClosure(manifest, dynamicImport("src/portal-hydrate.ts"))])].filter(
      (file) => !entryChunks.has(file) && !watchChunks.includes(file),
    ),
    routeChunks: Object.fromEntries(
      portalRouteFiles().map(({ id, file }) => [
        id,
        [...chunkClosure(manifest, `src/routes/${file}?tsr-split=component`)].filter(
          (chunk) => !entryChunks.has(chunk),
        ),
      ]),
    ),
  };
  writeFileSync(
    path.join(PAGES, "404.html"),
    await renderDocument("/__prerender-not-found__", { template, preloads: [], currency }),
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
    `User-agent: *\nAllow: /\nDisallow: /portal\nDisallow: /api\nDisallow: /unsubscribe\n\nSitemap: ${PLACEHOLDERS.appUrl}/sitemap.xml\n`,
  );
  writeFileSync(
    path.join(PAGES, "manifest.json"),
    JSON.stringify(
      {
        pages: written,
        notFound: "404.html",
        signIn,
        unsubscribe: "unsubscribe.html",
        shells: Object.fromEntries(Object.keys(shells).map((name) => [name, `shell-${name}.html`])),
        portal,
        ssr: "../ssr/entry-server.js",
      },
      null,
      2,
    ),
  );
  compressTree(CLIENT);
  // The server keeps the renderer: it renders the pages showing plans again from the database.
  rmSync(SSR, { recursive: true, force: true });
  renameSync(SSR_BUILD, SSR);
}

await main();
