import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { invoiceSchema, invoiceSummarySchema, pageOf } from "../../common/api";
import { uuidParam } from "../../common/schemas";
import type { Config } from "../config";
import { getInvoice, getInvoiceFacts, invoiceSummary, listInvoices } from "../data/invoices";
import type { Db } from "../db";
import { decodeCursor, pageQuery, toPage } from "../http/cursor";
import { notFound } from "../http/errors";
import { errorResponses } from "../http/openapi";
import { createLimit } from "../http/rate-limit";
import { invoiceDisposition, invoicePdf } from "../pdf/invoice";
import { rules } from "../rules";

/**
 * Invoices as the portal reads them: the viewer's list by cursor, its summary
 * cards and one invoice as a PDF. Nothing here writes invoices yet; the
 * administrators' writes will publish { topic: "invoices" } changes.
 */
export const invoiceRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  // Drawing an invoice takes the server's thread ~10 ms: a person asking for PDFs without pause would
  // hold it for everyone, so each may have PDF_RATE_LIMIT a minute (a person reads a few).
  const pdfLimit = createLimit(app, {
    max: config.pdfRateLimit,
    timeWindowMs: 60_000,
    message: "Too many invoice downloads.",
    async key(request) {
      const session = await request.session();
      return session ? `pdf|${session.user.id}` : undefined;
    },
  });

  app.get(
    "/api/invoices",
    {
      schema: {
        tags: ["invoices"],
        summary: "The signed-in client's invoices (every invoice for an administrator), newest first, by cursor",
        querystring: z.strictObject(pageQuery),
        response: { 200: pageOf(invoiceSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await request.requireUser();
      const scope = rules.invoices.scope(await request.actor());
      const { limit, cursor } = request.query;
      const rows = await listInvoices(db, scope, { limit: limit + 1, after: decodeCursor(cursor) });
      return toPage(rows, limit);
    },
  );

  app.get(
    "/api/invoices/summary",
    {
      schema: {
        tags: ["invoices"],
        summary: "Totals of the invoices the signed-in user may see: all, paid, and pending (everything not paid)",
        response: { 200: invoiceSummarySchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      await request.requireUser();
      return invoiceSummary(db, rules.invoices.scope(await request.actor()));
    },
  );

  app.get(
    "/api/invoices/:invoiceId/pdf",
    {
      schema: {
        tags: ["invoices"],
        summary: "One invoice as a PDF file named after its number",
        params: z.strictObject({ invoiceId: uuidParam }),
        produces: ["application/pdf"],
        response: {
          200: z.any().meta({ description: "The invoice (application/pdf)" }),
          ...errorResponses(400, 401, 404, 429),
        },
      },
      preHandler: pdfLimit,
    },
    async (request, reply) => {
      await request.requireUser();
      const { invoiceId } = request.params;
      const facts = await getInvoiceFacts(db, invoiceId);
      if (!facts || !rules.invoices.read(await request.actor(), facts)) throw notFound("Invoice");
      const invoice = await getInvoice(db, invoiceId);
      if (!invoice) throw notFound("Invoice");
      const pdf = await invoicePdf(invoice, { currency: config.currency, whatsappNumber: config.whatsappNumber });
      return reply
        .type("application/pdf")
        .header("content-disposition", invoiceDisposition(invoice.invoiceNumber))
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );
};
