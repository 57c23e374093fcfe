import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { enquiryBudgetLabels, enquiryServiceLabels } from "../../common/domain";
import { enquiryInputSchema, enquiryReceiptSchema, enquirySchema, planSchema } from "../../common/public";
import type { Config } from "../config";
import { insertEnquiry, listEnquiries, listPlans, planExists } from "../data/catalogue";
import { notifyEnquiry } from "../data/notifications";
import type { Db } from "../db";
import { publishChange } from "../functions/changes";
import { badRequest, forbidden } from "../http/errors";
import { errorResponses } from "../http/openapi";
import { clientAddress } from "../http/rate-limit";
import { enqueueMail, type Mail, type Mailer } from "../mail";
import { rules } from "../rules";

type PublicRoutesOptions = { db: Db; mailer: Mailer; config: Config };

const RECEIPT = {
  received: true as const,
  message: "Thank you! We will get back to you within 24 hours on business days.",
};

/** The public site's API: the published plans and the contact form's enquiries. */
export const publicRoutes: FastifyPluginAsyncZod<PublicRoutesOptions> = async (app, { db, mailer, config }) => {
  app.get(
    "/api/plans",
    {
      schema: {
        tags: ["public"],
        summary: "The published plans with prices in minor units of the site currency",
        response: { 200: z.array(planSchema) },
      },
    },
    async (_request, reply) => {
      // Public and rarely changed: let browsers and proxies reuse it briefly.
      reply.header("cache-control", "public, max-age=60");
      return listPlans(db, config.currency);
    },
  );

  app.post(
    "/api/enquiries",
    {
      schema: {
        tags: ["public"],
        summary: "Send a project enquiry from the contact form (rate limited per IP address)",
        body: enquiryInputSchema,
        response: { 201: enquiryReceiptSchema, ...errorResponses(400, 429) },
      },
      config: {
        rateLimit: {
          max: config.contactRateLimit,
          timeWindow: 10 * 60_000,
          keyGenerator: (request: FastifyRequest) => `enquiry|${clientAddress(request)}`,
        },
      },
    },
    async (request, reply) => {
      const { website, ...enquiry } = request.body;
      // Honeypot filled: answer exactly like a success so the bot learns nothing, and keep nothing.
      if (website && website.trim() !== "") {
        request.log.info("enquiry honeypot triggered; discarded");
        return reply.status(201).send(RECEIPT);
      }
      if (enquiry.plan && !(await planExists(db, enquiry.plan))) {
        throw badRequest("plan: Unknown plan", { plan: "Unknown plan" });
      }
      // Published in the insert's transaction: administrators' open Enquiries pages and dashboards refetch.
      // The inbox's mail is queued there too, so it goes if and only if the enquiry is kept.
      const { row, mailId } = await db.transaction(async (tx) => {
        const inserted = await insertEnquiry(tx, enquiry);
        await publishChange(tx, { topic: "enquiries", op: "insert", id: inserted.id });
        await notifyEnquiry(tx, inserted);
        return { row: inserted, mailId: await enqueueMail(tx, enquiryMail(inserted, config.contactInbox)) };
      });
      try {
        // The visitor is not kept waiting on the SMTP server (up to its timeout): the worker retries a failure.
        await mailer.deliverBehind(mailId);
      } catch (error) {
        // The enquiry is stored and visible to administrators; a mail outage must not lose it or fail the visitor.
        request.log.error({ err: error, enquiryId: row.id }, "enquiry notification mail failed");
      }
      return reply.status(201).send(RECEIPT);
    },
  );

  app.get(
    "/api/enquiries",
    {
      schema: {
        tags: ["public"],
        summary: "Contact enquiries, newest first (administrators only)",
        querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: z.array(enquirySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await request.requireUser();
      const actor = await request.actor();
      const scope = rules.enquiries.scope(actor);
      if (scope.kind === "none") throw forbidden("Only administrators can read enquiries");
      return listEnquiries(db, scope, request.query.limit);
    },
  );
};

/** The contact inbox's mail about a new enquiry, answered by replying to it. */
function enquiryMail(row: Awaited<ReturnType<typeof insertEnquiry>>, inbox: string): Mail {
  const name = `${row.firstName} ${row.lastName}`;
  const lines = [
    `New project enquiry from ${name} <${row.email}>`,
    "",
    `Company: ${row.company ?? "-"}`,
    `Service: ${row.service ? enquiryServiceLabels[row.service] : "-"}`,
    `Budget: ${row.budget ? enquiryBudgetLabels[row.budget] : "-"}`,
    `Plan: ${row.plan ?? "-"}`,
    "",
    row.message,
    "",
    `Received ${row.createdAt.toISOString()} (enquiry ${row.id}). Reply to this e-mail to answer ${row.firstName}.`,
  ];
  return {
    to: inbox,
    subject: `New enquiry from ${name}${row.company ? ` (${row.company})` : ""}`,
    text: lines.join("\n"),
    replyTo: row.email,
  };
}
