import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { isServiceId } from "../common/domain";
import "../common/error-map";
import { portalReturnPath, signInPath } from "../common/return-path";
import { createAuth } from "./auth";
import authPlugin from "./auth/plugin";
import { createSessionResolver } from "./auth/resolver";
import { SessionCache } from "./auth/session-cache";
import type { Config } from "./config";
import { remindOverdueInvoices } from "./data/invoices";
import { configureNotificationMail, sendDueDigests } from "./data/mail";
import { type Database, openDatabase } from "./db";
import { createFileStore, type FileStore, startContentSweep } from "./files/store";
import { registerApiCompression } from "./http/compress";
import { clientErrors, errorBody, errorSerializer, frameworkErrors, registerErrorHandling } from "./http/errors";
import { registerInputGuard } from "./http/input";
import { registerOriginCheck } from "./http/origin";
import { loadRenderer, registerPlanPages, SSR_ENTRY } from "./http/plan-pages";
import {
  createPortalPages,
  looksMobile,
  type PortalPages,
  sendPersonalDocument,
  sidebarExpanded,
} from "./http/portal-pages";
import { DOCS_PREFIX, docsCsp, registerSecurityHeaders } from "./http/security";
import { responseSerializer } from "./http/serialize";
import {
  applyRuntimeConfig,
  HTML,
  loadSiteDocuments,
  makeDocument,
  type SiteDocuments,
  sendDocument,
  siteConfigOf,
} from "./http/site";
import { registerUsualPathGuard } from "./http/usual-path";
import { registerWriteLimit } from "./http/write-limit";
import { registerLiveHub } from "./live/hub";
import { createMailer, type Mailer } from "./mail";
import { CLIENT_DIST_DIR, ROOT } from "./paths";
import { adminAccountRoutes } from "./routes/admin-accounts";
import { adminAnalyticsRoutes } from "./routes/admin-analytics";
import { adminAuditRoutes } from "./routes/admin-audit";
import { adminCatalogueRoutes } from "./routes/admin-catalogue";
import { adminClientRoutes } from "./routes/admin-clients";
import { adminDashboardRoutes } from "./routes/admin-dashboard";
import { adminDeveloperRoutes } from "./routes/admin-developers";
import { adminEnquiryRoutes } from "./routes/admin-enquiries";
import { adminPaymentRoutes } from "./routes/admin-payments";
import { adminPlanRoutes } from "./routes/admin-plans";
import { adminProjectRoutes } from "./routes/admin-projects";
import { adminStaffRoutes } from "./routes/admin-staff";
import { adminTaskRoutes } from "./routes/admin-tasks";
import { dashboardRoutes } from "./routes/dashboard";
import { fileRoutes } from "./routes/files";
import { healthRoutes } from "./routes/health";
import { invoiceRoutes } from "./routes/invoices";
import { mailRoutes } from "./routes/mail";
import { meRoutes } from "./routes/me";
import { milestoneRoutes } from "./routes/milestones";
import { notificationRoutes } from "./routes/notifications";
import { orderRoutes } from "./routes/orders";
import { outboxRoutes } from "./routes/outbox";
import { projectRoutes } from "./routes/projects";
import { publicRoutes } from "./routes/public";
import { serviceRoutes } from "./routes/services";
import { sessionRoutes } from "./routes/sessions";
import { taskRoutes } from "./routes/tasks";

const SESSION_CHANNEL = "session_invalidations";
const VERSION = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;

export type AppOptions = {
  config: Config;
  /** An already-open database (tests share one); otherwise opened from config. */
  database?: Database;
  /** Origins allowed besides APP_URL, e.g. the Vite dev server. */
  extraOrigins?: string[];
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /**
   * False: the API alone, without the built front end (its pages, compressed at start, and the server
   * renderers' processes, ~2 s of CPU a start). The integration harness's default: its files that are
   * about pages ask for them (test/support/server.ts).
   */
  client?: boolean;
};

export type App = {
  server: FastifyInstance;
  database: Database;
  mailer: Mailer;
  sessions: SessionCache;
  /** Where project files' content is kept, chosen from FILE_STORE. */
  files: FileStore;
};

/**
 * Served without a proxy in front (`npm start`), the server keeps its own time limits: with Fastify's
 * defaults a request whose body never comes held its connection for good. Sockets upgraded to the live
 * channel have none (ws clears the silence limit; its pings find dead peers).
 */
function httpTimeouts(config: Config) {
  const requestTimeout = config.httpRequestTimeoutMs;
  return {
    connectionTimeout: config.httpIdleTimeoutMs,
    requestTimeout,
    // A kept-alive connection closes on its own limit, which it announces (Keep-Alive: timeout=…), before
    // the silence limit would: a client never sends on a connection the server is closing. 72 s by default.
    keepAliveTimeout: Math.min(72_000, Math.floor(config.httpIdleTimeoutMs * 0.8)),
    // Node enforces the request limit only when the headers' is no longer, checking every 30 s by default.
    http: {
      headersTimeout: Math.min(60_000, requestTimeout),
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(requestTimeout / 10)),
    },
  };
}

export async function buildApp(options: AppOptions): Promise<App> {
  const { config } = options;
  // Compressing the built pages takes the thread pool ~0.5 s: let it run while the database opens.
  const servesClient = options.client !== false;
  const clientDocuments = servesClient ? loadClientDocuments(config) : Promise.resolve(null);
  clientDocuments.catch(() => {}); // awaited below, unless opening the database fails first
  const database = options.database ?? (await openDatabase(config));
  const db = database.db;

  const { trustProxy } = config;
  const server = Fastify({
    // Every error logged as `err` goes through loggable: a failed query's message ends in its parameters.
    logger: options.logStream
      ? { level: config.logLevel, stream: options.logStream, serializers: { err: errorSerializer } }
      : options.logger === false
        ? false
        : { level: config.logLevel, serializers: { err: errorSerializer } },
    bodyLimit: 64 * 1024,
    // A hop count as proxy-addr reads one (Fastify's types take it as a function): the nearest n addresses are proxies.
    trustProxy: typeof trustProxy === "number" ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    routerOptions: { maxParamLength: 200 },
    return503OnClosing: true,
    ...httpTimeouts(config),
    // Per-request lines would cost more than the requests; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    forceCloseConnections: "idle",
    frameworkErrors,
    clientErrorHandler: clientErrors,
  }).withTypeProvider<ZodTypeProvider>();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(responseSerializer(config));
  registerErrorHandling(server);
  // First of the request hooks: the checks after it read the path as sent.
  registerUsualPathGuard(server);
  registerSecurityHeaders(server, config);
  registerApiCompression(server);
  registerInputGuard(server);

  const mailer = createMailer(config, db, (line) => server.log.info(line));
  configureNotificationMail(config);
  const sessions = new SessionCache();
  await database.listen(SESSION_CHANNEL, (message) => sessions.receive(message));
  // What other processes invalidated while the notifications were lost went unheard: nothing cached is kept.
  database.onListenerResumed(() => sessions.forgetAll());
  sessions.setBroadcast((message) => {
    db.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${message})`).catch((error) =>
      server.log.error({ err: error }, "session invalidation broadcast failed"),
    );
  });
  const allowedOrigins = [...config.origins, ...(options.extraOrigins ?? [])];
  registerOriginCheck(server, allowedOrigins);
  const auth = createAuth({ config, db, mailer, sessions, trustedOrigins: allowedOrigins, log: server.log });
  const resolver = await createSessionResolver(auth, sessions);

  await server.register(swagger, {
    openapi: {
      info: {
        title: "Lagos Studio API",
        version: VERSION,
        description:
          "JSON API of the marketing site and client portal. Authenticate with the session cookie set by /api/auth/sign-in/email. Every error has the shape {error:{code,message,fields}}.",
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await server.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true, transformStaticCSP: docsCsp(config) });
  server.get("/api/openapi.json", { schema: { hide: true } }, async () => server.swagger());

  const documents = await clientDocuments;
  // Portal pages rendered on the server for the signed-in (server/http/portal-pages.ts), when the build has them.
  const portalPages =
    documents?.site?.portal && existsSync(SSR_ENTRY)
      ? createPortalPages({
          server,
          log: server.log,
          entry: SSR_ENTRY,
          init: {
            template: documents.site.portal.template,
            siteConfig: siteConfigOf(config),
            watchChunks: documents.site.portal.watchChunks,
            baseChunks: documents.site.portal.baseChunks,
            routeChunks: documents.site.portal.routeChunks,
          },
        })
      : undefined;
  if (portalPages) server.addHook("onClose", () => portalPages.close());
  await server.register(authPlugin, { auth, db, sessions, resolver, config, onSignedIn: () => portalPages?.warm() });
  // Before the routes: a hook applies to the routes registered after it.
  registerWriteLimit(server, config.writeRateLimit);
  await registerLiveHub(server, {
    database,
    resolver,
    sessions,
    allowedOrigins,
    maxSocketsPerUser: config.liveSocketsPerUser,
    maxBufferedBytes: config.liveMaxBufferedBytes,
  });

  await server.register(healthRoutes, { database, version: VERSION });
  await server.register(meRoutes, { db, sessions });
  await server.register(sessionRoutes, { db, sessions });
  await server.register(projectRoutes, { db });
  await server.register(taskRoutes, { db });
  await server.register(adminTaskRoutes, { db });
  await server.register(adminEnquiryRoutes, { db });
  await server.register(adminAuditRoutes, { db });
  await server.register(dashboardRoutes, { db });
  await server.register(serviceRoutes, { db });
  await server.register(orderRoutes, { db });
  await server.register(invoiceRoutes, { db, config });
  await server.register(milestoneRoutes, { db });
  const files = createFileStore(config.fileStore, db, server.log);
  await server.register(fileRoutes, { db, config, files });
  await server.register(publicRoutes, { db, mailer, config });
  await server.register(outboxRoutes, { db });
  await server.register(notificationRoutes, { db });
  await server.register(mailRoutes, { db, config });
  await server.register(adminClientRoutes, { db, mailer, config, sessions });
  await server.register(adminDeveloperRoutes, { db, mailer, config, sessions });
  await server.register(adminStaffRoutes, { db, mailer, config, sessions });
  await server.register(adminAccountRoutes, { db, mailer, config, sessions });
  await server.register(adminDashboardRoutes, { db });
  await server.register(adminPaymentRoutes, { db });
  await server.register(adminProjectRoutes, { db, files });
  await server.register(adminCatalogueRoutes, { db });
  await server.register(adminPlanRoutes, { db });
  await server.register(adminAnalyticsRoutes, { db });

  if (servesClient) await registerClient(server, config, database, documents, portalPages);

  // Every process delivers mail: the queue's claims keep them from sending a row twice.
  mailer.start([(now) => sendDueDigests(db, now), (now) => remindOverdueInvoices(db, now)]);
  // Every process sweeps for deleted files' content left in the store: deleting it twice is harmless.
  const contentSweep = startContentSweep(db, files, server.log);
  server.addHook("onClose", async () => {
    await sessions.close();
    await contentSweep.stop();
    await mailer.stop();
    if (!options.database) await database.close();
  });

  return { server, database, mailer, sessions, files };
}

/**
 * Serves the built front end: the prerendered public pages and the SPA shell
 * from memory (server/http/site.ts: compressed, ETag, `no-cache`), hashed
 * assets from disk, precompressed and cached for good. Unknown service ids
 * redirect to /services, portal and /auth paths get the SPA shell, anything
 * else the 404 page with status 404.
 */
type ClientDocuments = { site: SiteDocuments | null; shellFor: SiteDocuments["shellFor"] };

/** The built pages and SPA shell (server/http/site.ts); null when there is no client build. */
async function loadClientDocuments(config: Config): Promise<ClientDocuments | null> {
  const indexFile = path.join(CLIENT_DIST_DIR, "index.html");
  if (!existsSync(indexFile)) return null;
  const site = await loadSiteDocuments(CLIENT_DIST_DIR, path.join(ROOT, "dist/pages"), config);
  if (site) return { site, shellFor: site.shellFor };
  const bareShell = await makeDocument(applyRuntimeConfig(readFileSync(indexFile, "utf8"), config), HTML);
  return { site: null, shellFor: () => bareShell };
}

/**
 * /auth: a signed-in person has nothing to do there and goes on at once to where they were going (as the
 * page's guard would send them, after loading the app). Anyone else gets the tab asked for (Sign In by
 * default) prerendered, whose first paint needs no JavaScript (`redirect` only changes where signing in
 * goes), or, for a query that shows another view (a mailed link's), the app's shell. Both are marked as
 * served signed out (src/lib/signed-out.ts).
 */
async function sendSignInPage(request: FastifyRequest, reply: FastifyReply, { site, shellFor }: ClientDocuments) {
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (await request.session()) return reply.redirect(portalReturnPath(query.redirect) ?? "/portal", 302);
  const { tab = "signin", redirect, ...otherView } = query;
  const prerendered =
    typeof tab === "string" && Object.keys(otherView).length === 0 ? site?.signIn.get(tab) : undefined;
  return sendDocument(request, reply, prerendered ?? shellFor("/auth"));
}

async function registerClient(
  server: FastifyInstance,
  config: Config,
  database: Database,
  documents: ClientDocuments | null,
  portalPages: PortalPages | undefined,
) {
  if (!documents) {
    server.log.warn("dist/client is missing: run `npm run build` to serve the SPA");
    return;
  }
  const { site, shellFor } = documents;
  if (!site) server.log.warn("dist/pages is missing: public pages are served as the SPA shell (run `npm run build`)");
  const planPages = site
    ? await registerPlanPages({
        site,
        database,
        config,
        log: server.log,
        clientDir: CLIENT_DIST_DIR,
        renderer: loadRenderer(),
      })
    : undefined;
  const planPaths = new Set(site?.planPages.map((page) => page.path));
  await server.register(fastifyStatic, {
    root: CLIENT_DIST_DIR,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The shell is served from memory with the run-time settings filled in.
    allowedPath: (pathName) => pathName !== "/index.html" && !pathName.startsWith("/.vite/"),
    setHeaders(reply, filePath) {
      reply.header(
        "cache-control",
        filePath.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
  server.get("/*", { schema: { hide: true } }, async (request, reply) => {
    const { rawPath, pagePath } = pathsOf(request.url);
    if (rawPath.startsWith("/api/") || rawPath === "/api") {
      return reply.status(404).send(errorBody("not_found", `No route for GET ${rawPath}`));
    }
    if (planPaths.has(pagePath)) await planPages?.settled();
    const page = site?.pages.get(pagePath);
    if (page) return sendDocument(request, reply, page);
    // An unknown service id goes to the list (spec §2); a longer path under it is an unknown page (404), as in the app.
    const serviceSegment = pagePath.startsWith("/services/") ? pagePath.slice("/services/".length) : undefined;
    if (serviceSegment !== undefined && !serviceSegment.includes("/") && !isServiceId(serviceSegment)) {
      return reply.redirect("/services", 302);
    }
    if (pagePath === "/auth") return sendSignInPage(request, reply, documents);
    // A mail's unsubscribe link paints from its HTML; without a token the app says the link is broken.
    if (pagePath === "/unsubscribe" && site?.unsubscribe && (request.query as { token?: unknown }).token) {
      return sendDocument(request, reply, site.unsubscribe);
    }
    const isPortal = isPortalPath(pagePath);
    if (isPortal && portalPages) {
      // Signed out: straight to the sign-in page, as the portal's guard would send them, to come back here after.
      if (!(await request.session())) return reply.redirect(signInPath(request.url), 302);
      const outcome = await portalPages.render({
        url: request.url,
        cookie: request.headers.cookie ?? "",
        mobile: looksMobile(request),
        sidebarExpanded: sidebarExpanded(request.headers.cookie),
      });
      if (outcome?.kind === "redirect") return reply.redirect(outcome.location, 302);
      if (outcome?.kind === "page") return sendPersonalDocument(request, reply, outcome.html, outcome.status);
    }
    const isApp = isPortal || pagePath === "/unsubscribe";
    if (isApp || !site) return sendDocument(request, reply, shellFor(pagePath));
    if (path.extname(pagePath) !== "") return reply.status(404).type("text/plain").send("Not found");
    return sendDocument(request, reply, site.notFound, 404);
  });
  await server.register(async (pages) => {
    // Whatever the form held is left unread (the catch-all replaces this scope's parsers, which would refuse a form's body with a 415).
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", (_request, payload, done) => {
      payload.resume();
      done(null);
    });
    pages.post("/*", { schema: { hide: true } }, async (request, reply) => {
      const { rawPath, pagePath } = pathsOf(request.url);
      if (!isFormPage(pagePath, site)) {
        return reply.status(404).send(errorBody("not_found", `No route for POST ${rawPath}`));
      }
      return reply.redirect(request.url, 303);
    });
  });
}

/**
 * A form posted without the app (JavaScript off, or its code never loaded) reaches its own page: every
 * form says `method="post"`, so what was typed (a password, an enquiry) never lands in a URL, the browser's
 * history or this server's log. The page is shown again (303), and says what its form needs
 * (src/components/ScriptNeeded.tsx). Only a page's own path: one starting `//` would send the browser to
 * another host.
 */
function isFormPage(pagePath: string, site: SiteDocuments | null): boolean {
  if (!/^\/(?![/\\])/.test(pagePath)) return false;
  return (
    Boolean(site?.pages.has(pagePath)) || pagePath === "/auth" || pagePath === "/unsubscribe" || isPortalPath(pagePath)
  );
}

/** A request's path as sent (`rawPath`), and as the page it names (`pagePath`: without a trailing slash). */
function pathsOf(url: string): { rawPath: string; pagePath: string } {
  const rawPath = url.split("?")[0] ?? "/";
  return { rawPath, pagePath: rawPath.length > 1 && rawPath.endsWith("/") ? rawPath.slice(0, -1) : rawPath };
}

const isPortalPath = (pagePath: string) => pagePath === "/portal" || pagePath.startsWith("/portal/");
