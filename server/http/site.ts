import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SOCIAL_NETWORKS } from "../../common/domain";
import type { SiteConfig } from "../../common/site-domain";
import type { Config } from "../config";

/**
 * The prerendered public pages and the SPA shell, held in memory ready to
 * send: run-time settings substituted once at start-up, then compressed
 * (brotli and gzip) and tagged with an ETag. A request costs a map lookup.
 * Compression runs in libuv's thread pool: at start-up, ~0.5 s of CPU for
 * the pages, alongside the database's own start instead of before it.
 */

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Document = {
  type: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
};

export type SiteDocuments = {
  pages: Map<string, Document>;
  notFound: Document;
  /** The SPA shell for a path (/auth, /unsubscribe, /portal, anything else under /portal), each preloading its first route's code. */
  shellFor(pagePath: string): Document;
  /** The prerendered sign-in page by its tab ("signin", "signup"), for a signed-out visitor; empty in an older build. */
  signIn: Map<string, Document>;
  /** The prerendered unsubscribe page, for a mail's link (a URL with a token); undefined in an older build. */
  unsubscribe?: Document;
  /** The pages showing plans, as built (run-time settings filled in): server/http/plan-pages.ts renders them again. */
  planPages: PlanPage[];
  /** What server-rendered portal pages are made from (server/http/portal-pages.ts); undefined in an older build. */
  portal?: PortalBuild & { template: string };
};

/** The chunks hydrating a server-rendered portal page needs, from the build (scripts/prerender.mjs). */
type PortalBuild = { watchChunks: string[]; baseChunks: string[]; routeChunks: Record<string, string[]> };

export type PlanPage = { path: string; preloads: string[]; html: string };

/** The manifest dist/pages/manifest.json (scripts/prerender.mjs). */
type PagesManifest = {
  pages: { path: string; file: string; preloads?: string[]; plans?: boolean }[];
  notFound: string;
  signIn?: Record<string, string>;
  unsubscribe?: string;
  shells?: Partial<Record<ShellName, string>>;
  portal?: PortalBuild;
};

type ShellName = "auth" | "unsubscribe" | "portal" | "portalHome";
/** Paths with a shell of their own; every other app path is under /portal. */
const SHELL_BY_PATH: Partial<Record<string, ShellName>> = {
  "/auth": "auth",
  "/unsubscribe": "unsubscribe",
  "/portal": "portalHome",
};

const escapeAttribute = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** The run-time settings the pages read (src/features/site/config.ts). */
export function siteConfigOf(config: Config): SiteConfig {
  return {
    whatsappNumber: config.whatsappNumber,
    currency: config.currency,
    social: Object.fromEntries(
      SOCIAL_NETWORKS.flatMap((network) => (config.social[network] ? [[network, config.social[network]]] : [])),
    ),
  };
}

/** Fills the placeholders scripts/prerender.mjs left in the built HTML. */
export function applyRuntimeConfig(html: string, config: Config): string {
  const siteConfig = siteConfigOf(config);
  let out = html.replace(
    "<!--site-config-->",
    `<script id="site-config" type="application/json">${JSON.stringify(siteConfig).replaceAll("<", "\\u003c")}</script>`,
  );
  // Social links: keep configured networks, drop the rest, and the whole list when none is left.
  for (const network of SOCIAL_NETWORKS) {
    const placeholder = `__SOCIAL_${network.toUpperCase()}_URL__`;
    const url = config.social[network];
    out = url
      ? out.replaceAll(placeholder, escapeAttribute(url))
      : out.replace(new RegExp(`<li data-social="${network}"[^>]*>[\\s\\S]*?</li>`, "g"), "");
  }
  if (!SOCIAL_NETWORKS.some((network) => config.social[network])) {
    out = out.replace(/<div data-social-list=""[^>]*>[\s\S]*?<\/ul><\/div>/g, "");
  }
  return out
    .replaceAll("__APP_URL__", escapeAttribute(config.appUrl))
    .replaceAll("__WHATSAPP_NUMBER__", config.whatsappNumber);
}

/** `brotliQuality`: 10 for documents made once at start-up; lower for those made again while serving. */
export async function makeDocument(body: string, type: string, brotliQuality = 10): Promise<Document> {
  const identity = Buffer.from(body);
  const [br, gzipped] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: 9 }),
  ]);
  return { type, identity, br, gzip: gzipped, etag: `"${createHash("sha1").update(identity).digest("base64url")}"` };
}

export const HTML = "text/html; charset=utf-8";

/** Loads dist/pages (written by the build) and the SPA shell; null when the build has no prerendered pages. */
export async function loadSiteDocuments(
  clientDir: string,
  pagesDir: string,
  config: Config,
): Promise<SiteDocuments | null> {
  const manifestFile = path.join(pagesDir, "manifest.json");
  const shellFile = path.join(clientDir, "index.html");
  if (!existsSync(manifestFile) || !existsSync(shellFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as PagesManifest;
  const read = (file: string) => applyRuntimeConfig(readFileSync(path.join(pagesDir, file), "utf8"), config);
  const planPages: PlanPage[] = [];
  const pageDocuments = manifest.pages.map(async (page) => {
    const html = read(page.file);
    if (page.plans) planPages.push({ path: page.path, preloads: page.preloads ?? [], html });
    return [page.path, await makeDocument(html, HTML)] as const;
  });
  pageDocuments.push(
    makeDocument(read("sitemap.xml"), "application/xml; charset=utf-8").then((doc) => ["/sitemap.xml", doc] as const),
    makeDocument(read("robots.txt"), "text/plain; charset=utf-8").then((doc) => ["/robots.txt", doc] as const),
  );
  const template = applyRuntimeConfig(readFileSync(shellFile, "utf8"), config);
  const bareShell = makeDocument(template, HTML);
  const shell = (name: ShellName) => {
    const file = manifest.shells?.[name];
    return file ? makeDocument(read(file), HTML) : bareShell;
  };
  const [pages, notFound, signIn, unsubscribePage, auth, unsubscribe, portal, portalHome] = await Promise.all([
    Promise.all(pageDocuments).then((entries) => new Map<string, Document>(entries)),
    makeDocument(read(manifest.notFound), HTML),
    Promise.all(
      Object.entries(manifest.signIn ?? {}).map(
        async ([tab, file]) => [tab, await makeDocument(read(file), HTML)] as const,
      ),
    ).then((entries) => new Map<string, Document>(entries)),
    manifest.unsubscribe ? makeDocument(read(manifest.unsubscribe), HTML) : undefined,
    shell("auth"),
    shell("unsubscribe"),
    shell("portal"),
    shell("portalHome"),
  ]);
  const shells: Record<ShellName, Document> = { auth, unsubscribe, portal, portalHome };
  return {
    pages,
    notFound,
    shellFor: (pagePath) => shells[SHELL_BY_PATH[pagePath] ?? "portal"],
    signIn,
    unsubscribe: unsubscribePage,
    planPages,
    portal: manifest.portal && { ...manifest.portal, template },
  };
}

/** Sends a document compressed as the client allows; HTML is revalidated with its ETag on every visit. */
export function sendDocument(request: FastifyRequest, reply: FastifyReply, document: Document, status = 200) {
  reply.status(status).headers({
    "content-type": document.type,
    "cache-control": "no-cache",
    etag: document.etag,
    vary: "accept-encoding",
  });
  if (status === 200 && request.headers["if-none-match"] === document.etag) return reply.status(304).send();
  const accepts = request.headers["accept-encoding"] ?? "";
  if (accepts.includes("br")) return reply.header("content-encoding", "br").send(document.br);
  if (accepts.includes("gzip")) return reply.header("content-encoding", "gzip").send(document.gzip);
  return reply.send(document.identity);
}
