import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminEnquiryDetailSchema,
  adminEnquirySchema,
  adminPageOf,
  enquiriesQuerySchema,
  enquiryStatusUpdateSchema,
} from "../../common/admin";
import { uuidParam } from "../../common/schemas";
import { auditAdminChange } from "../data/audit";
import { getAdminEnquiry, listAdminEnquiries } from "../data/enquiries";
import type { Db } from "../db";
import { contactEnquiries } from "../db/schema";
import { publishChange } from "../functions/changes";
import { requireAdmin } from "../http/admin";
import { notFound } from "../http/errors";
import { errorResponses } from "../http/openapi";

const enquiryParams = z.strictObject({ enquiryId: uuidParam });

/** Admin › Enquiries (issue #7): the contact form's submissions, their status, and one in full. */
export const adminEnquiryRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const onlyAdmins = (request: FastifyRequest) => requireAdmin(request, "Only administrators can read enquiries");

  app.get(
    "/api/admin/enquiries",
    {
      schema: {
        tags: ["admin"],
        summary: "The enquiries table: a page, sorted, searched by name, e-mail or company (prefix), by status",
        querystring: enquiriesQuerySchema,
        response: { 200: adminPageOf(adminEnquirySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await onlyAdmins(request);
      return listAdminEnquiries(db, request.query);
    },
  );

  app.get(
    "/api/admin/enquiries/:enquiryId",
    {
      schema: {
        tags: ["admin"],
        summary: "One enquiry with its message in full",
        params: enquiryParams,
        response: { 200: adminEnquiryDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await onlyAdmins(request);
      const enquiry = await getAdminEnquiry(db, request.params.enquiryId);
      if (!enquiry) throw notFound("Enquiry");
      return enquiry;
    },
  );

  app.patch(
    "/api/admin/enquiries/:enquiryId",
    {
      schema: {
        tags: ["admin"],
        summary: "Set an enquiry's status (new, contacted, closed)",
        params: enquiryParams,
        body: enquiryStatusUpdateSchema,
        response: { 200: adminEnquiryDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = await onlyAdmins(request);
      const { enquiryId } = request.params;
      const { status } = request.body;
      return db.transaction(async (tx) => {
        const before = await getAdminEnquiry(tx, enquiryId, { lock: true });
        if (!before) throw notFound("Enquiry");
        if (before.status === status) return before;
        await tx.update(contactEnquiries).set({ status }).where(eq(contactEnquiries.id, enquiryId));
        await auditAdminChange(tx, actor, {
          action: "enquiry.update",
          entity: "enquiry",
          entityId: enquiryId,
          before: { status: before.status },
          after: { status },
        });
        await publishChange(tx, { topic: "enquiries", op: "update", id: enquiryId });
        return { ...before, status };
      });
    },
  );
};
