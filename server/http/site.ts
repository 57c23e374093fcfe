import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SOCIAL_NETWORKS } from "../../common/domain";
import type { Config } from "../config";

/**
 * The prerendered public pages and the SPA shell, held in memory ready to
 * send: run-time settings substituted once at start-up, then compressed
 * (brotli and gzip) and tagged with an ETag. A request costs a map lookup.
 */

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
  /** The pages showing plans, as built (run-time settings filled in): server/http/plan-pages.ts renders them again. */
  planPages: PlanPage[];
};

export type PlanPage = { path: string; preloads: string[]; html: string };

/** The manifest dist/pages/manifest.json (scripts/prerender.mjs). */
type PagesManifest = {
  pages: { path: string; file: string; preloads?: string[]; plans?: boolean }[];
  notFound: string;
  shells?: Partial<Record<ShellName, string>>;
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

/** Fills the placeholders scripts/prerender.mjs left in the built HTML. */
export function applyRuntimeConfig(html: string, config: Config): string {
  const siteConfig = {
    whatsappNumber: config.whatsappNumber,
    currency: config.currency,
    social: Object.fromEntries(
      SOCIAL_NETWORKS.flatMap((network) => (config.social[network] ? [[network, config.social[network]]] : [])),
    ),
  };
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
export function makeDocument(body: string, type: string, brotliQuality = 10): Document {
  const identity = Buffer.from(body);
  return {
    type,
    identity,
    br: zlib.brotliCompressSync(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: zlib.gzipSync(identity, { level: 9 }),
    etag: `"${createHash("sha1").update(identity).digest("base64url")}"`,
  };
}

export const HTML = "text/html; charset=utf-8";

/** Loads dist/pages (written by the build) and the SPA shell; null when the build has no prerendered pages. */
export function loadSiteDocuments(clientDir: string, pagesDir: string, config: Config): SiteDocuments | null {
  const manifestFile = path.join(pagesDir, "manifest.json");
  const shellFile = path.join(clientDir, "index.html");
  if (!existsSync(manifestFile) || !existsSync(shellFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as PagesManifest;
  const read = (file: string) => applyRuntimeConfig(readFileSync(path.join(pagesDir, file), "utf8"), config);
  const pages = new Map<string, Document>();
  const planPages: PlanPage[] = [];
  for (const page of manifest.pages) {
    const html = read(page.file);
    if (page.plans) planPages.push({ path: page.path, preloads: page.preloads ?? [], html });
    pages.set(page.path, makeDocument(html, HTML));
  }
  pages.set("/sitemap.xml", makeDocument(read("sitemap.xml"), "application/xml; charset=utf-8"));
  pages.set("/robots.txt", makeDocument(read("robots.txt"), "text/plain; charset=utf-8"));
  const bareShell = makeDocument(applyRuntimeConfig(readFileSync(shellFile, "utf8"), config), HTML);
  const shell = (name: ShellName) => {
    const file = manifest.shells?.[name];
    return file ? makeDocument(read(file), HTML) : bareShell;
  };
  const shells: Record<ShellName, Document> = {
    auth: shell("auth"),
    unsubscribe: shell("unsubscribe"),
    portal: shell("portal"),
    portalHome: shell("portalHome"),
  };
  return {
    pages,
    notFound: makeDocument(read(manifest.notFound), HTML),
    shellFor: (pagePath) => shells[SHELL_BY_PATH[pagePath] ?? "portal"],
    planPages,
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
