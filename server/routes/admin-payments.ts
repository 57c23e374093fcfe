import { and, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminPageOf } from "../../common/admin";
import {
  adminPaymentSchema,
  DEVELOPER_PICKER_LIMIT,
  invoiceCreateSchema,
  invoiceEditSchema,
  PAID_INVOICE_KEPT,
  PAID_INVOICE_LOCKED,
  PROJECT_NOT_CLIENTS,
  PROJECT_OPTIONS_LIMIT,
  paymentsQuerySchema,
  personOptionSchema,
  pickerQuerySchema,
  projectOptionSchema,
} from "../../common/admin-money";
import { formatDate, formatDay } from "../../common/format";
import { fromMinorUnits, toMinorUnits, uuidParam } from "../../common/schemas";
import { auditAdminChange } from "../data/audit";
import { notifyInvoice } from "../data/notifications";
import {
  allPayments,
  existingPeople,
  getPayment,
  lagosYear,
  listPayments,
  nextInvoiceNumber,
  type PaymentRow,
  peopleOptions,
  projectOptions,
} from "../data/payments";
import type { Db, Tx } from "../db";
import { invoices, projects } from "../db/schema";
import { publishChange } from "../functions/changes";
import { requireAdmin } from "../http/admin";
import { createdBefore } from "../http/created-before";
import { sendCsv } from "../http/csv";
import { conflict, notFound, refuseIfEditedMeanwhile, validationFailed } from "../http/errors";
import { errorResponses } from "../http/openapi";
import type { Actor } from "../rules";

const invoiceParams = z.strictObject({ invoiceId: uuidParam });

/** The fields an audit entry keeps of an invoice, before and after. */
const audited = (row: PaymentRow) => ({
  invoiceNumber: row.invoiceNumber,
  clientId: row.clientId,
  projectId: row.projectId,
  amount: row.amount,
  status: row.status,
  dueDate: row.dueDate,
  paidDate: row.paidDate?.toISOString() ?? null,
});

const STATUS_LABEL: Record<string, string> = { paid: "Paid", unpaid: "Unpaid", overdue: "Overdue" };
const CSV_HEADER = [
  "Invoice number",
  "Client",
  "Client e-mail",
  "Project",
  "Amount",
  "Status",
  "Due date",
  "Paid date",
];

/**
 * Admin › Payments and new invoices (issue #7 items 5 and 7): the invoices
 * table with totals, mark paid, the CSV, a new invoice numbered on the
 * server, and the bounded pickers of the invoice and project forms.
 */
export const adminPaymentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const onlyAdmins = (request: FastifyRequest) => requireAdmin(request, "Only administrators manage payments");

  app.get(
    "/api/admin/payments",
    {
      schema: {
        tags: ["admin"],
        summary:
          "The payments table: invoices with their clients, a page, sorted, searched by number or client, of one status (pending: not paid)",
        querystring: paymentsQuerySchema,
        response: { 200: adminPageOf(adminPaymentSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await onlyAdmins(request);
      return listPayments(db, request.query);
    },
  );

  app.get(
    "/api/admin/payments.csv",
    {
      schema: {
        tags: ["admin"],
        summary: "Every invoice matching the payments table's search and status, in its order, as CSV",
        querystring: paymentsQuerySchema.omit({ page: true, pageSize: true }),
        produces: ["text/csv"],
        response: {
          200: z.any().meta({ description: "Number, client, project, amount, status, due and paid dates (text/csv)" }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      await onlyAdmins(request);
      return sendCsv(reply, "payments.csv", CSV_HEADER, allPayments(db, request.query), (row) => [
        row.invoiceNumber,
        row.clientName,
        row.clientEmail,
        row.projectTitle ?? "",
        fromMinorUnits(row.amount),
        STATUS_LABEL[row.status] ?? row.status,
        row.dueDate ? formatDay(row.dueDate) : "",
        row.paidDate ? formatDate(row.paidDate) : "",
      ]);
    },
  );

  app.post(
    "/api/admin/invoices/:invoiceId/mark-paid",
    {
      schema: {
        tags: ["admin"],
        summary: "Marks an unpaid (or overdue) invoice paid, recording now as its paid date",
        params: invoiceParams,
        response: { 200: adminPaymentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = await onlyAdmins(request);
      const { invoiceId } = request.params;
      return db.transaction(async (tx) => {
        const before = await lockedPayment(tx, invoiceId);
        if (before.status === "paid") throw conflict("This invoice is already paid.");
        await tx.update(invoices).set({ status: "paid", paidDate: sql`now()` }).where(eq(invoices.id, invoiceId));
        return invoiceChanged(tx, actor, before, "invoice.mark_paid", "paid");
      });
    },
  );

  app.post(
    "/api/admin/invoices",
    {
      schema: {
        tags: ["admin"],
        summary: "Creates an invoice for a client (and one of their projects), numbered INV-<year>-<n> by the server",
        body: invoiceCreateSchema,
        response: { 200: adminPaymentSchema, 201: adminPaymentSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const actor = await onlyAdmins(request);
      const { id, clientId, projectId, amount, dueDate } = request.body;
      const created = await db.transaction(async (tx) => {
        // Created before: answered with what it is.
        const sentBefore =
          id &&
          (await createdBefore(
            tx,
            { kind: "invoice", id, taken: INVOICE_ID_TAKEN },
            () => tx.select({ clientId: invoices.clientId }).from(invoices).where(eq(invoices.id, id)),
            { clientId },
          ));
        if (sentBefore) {
          const row = await getPayment(tx, id);
          if (!row) throw new Error("the invoice created before could not be read");
          return { row, repeated: true };
        }
        const [client] = await existingPeople(tx, "client", [clientId]);
        if (!client) throw validationFailed({ clientId: "This client does not exist or is deactivated." });
        if (projectId) await mustBeClientsProject(tx, clientId, projectId);
        const invoiceNumber = await nextInvoiceNumber(tx, lagosYear());
        const [inserted] = await tx
          .insert(invoices)
          .values({
            ...(id && { id }),
            invoiceNumber,
            clientId,
            projectId,
            amount: toMinorUnits(amount),
            status: "unpaid",
            dueDate,
          })
          .returning({ id: invoices.id });
        if (!inserted) throw new Error("the invoice insert returned no row");
        const row = await getPayment(tx, inserted.id);
        if (!row) throw new Error("the new invoice could not be read");
        await auditAdminChange(tx, actor, {
          action: "invoice.create",
          entity: "invoice",
          entityId: inserted.id,
          before: null,
          after: audited(row),
        });
        await publishChange(tx, {
          topic: "invoices",
          op: "insert",
          id: inserted.id,
          clientId,
          previousClientId: null,
        });
        await notifyInvoice(tx, actor, row, "issued");
        return { row, repeated: false };
      });
      reply.code(created.repeated ? 200 : 201);
      return created.row;
    },
  );

  app.patch(
    "/api/admin/invoices/:invoiceId",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Corrects an unpaid (or overdue) invoice: its project, amount and due date; its client and number stay",
        params: invoiceParams,
        body: invoiceEditSchema,
        response: { 200: adminPaymentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = await onlyAdmins(request);
      const { invoiceId } = request.params;
      const { projectId, dueDate, expectedUpdatedAt } = request.body;
      const amount = toMinorUnits(request.body.amount);
      return db.transaction(async (tx) => {
        const before = await lockedPayment(tx, invoiceId);
        if (before.status === "paid") throw conflict(PAID_INVOICE_LOCKED);
        if (before.projectId === projectId && before.amount === amount && before.dueDate === dueDate) return before;
        // Another administrator's correction is not put back by a form opened before it.
        refuseIfEditedMeanwhile(before.updatedAt, expectedUpdatedAt);
        // The project it keeps is not judged again: it may have been given to another client since.
        if (projectId && projectId !== before.projectId) await mustBeClientsProject(tx, before.clientId, projectId);
        // A row an older version stored as overdue (migration 0046) is unpaid: its new due date decides what it shows.
        await tx
          .update(invoices)
          .set({
            projectId,
            amount,
            dueDate,
            status: sql`case when ${invoices.status} = 'overdue' then 'unpaid' else ${invoices.status} end`,
          })
          .where(eq(invoices.id, invoiceId));
        return invoiceChanged(tx, actor, before, "invoice.update", "updated");
      });
    },
  );

  app.delete(
    "/api/admin/invoices/:invoiceId",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Deletes an unpaid (or overdue) invoice issued by mistake (to the wrong client, say); its client is told. A paid one is kept",
        params: invoiceParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const actor = await onlyAdmins(request);
      const { invoiceId } = request.params;
      await db.transaction(async (tx) => {
        const before = await lockedPayment(tx, invoiceId);
        if (before.status === "paid") throw conflict(PAID_INVOICE_KEPT);
        // Told while the invoice is still there to name: the notice keeps its number.
        await notifyInvoice(tx, actor, before, "withdrawn");
        await tx.delete(invoices).where(eq(invoices.id, invoiceId));
        await auditAdminChange(tx, actor, {
          action: "invoice.delete",
          entity: "invoice",
          entityId: invoiceId,
          before: audited(before),
          after: null,
        });
        await publishChange(tx, {
          topic: "invoices",
          op: "delete",
          id: invoiceId,
          clientId: before.clientId,
          previousClientId: null,
        });
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/api/admin/client-options",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Active clients whose name, surname or e-mail starts with q, by name, at most `limit` (the forms' client picker)",
        querystring: pickerQuerySchema,
        response: { 200: z.array(personOptionSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await onlyAdmins(request);
      return peopleOptions(db, "client", request.query.q, request.query.limit);
    },
  );

  app.get(
    "/api/admin/developer-options",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Active developers whose name, surname or e-mail starts with q, by name (the project form's assignees)",
        querystring: pickerQuerySchema.extend({
          limit: z.coerce.number().int().min(1).max(DEVELOPER_PICKER_LIMIT).default(DEVELOPER_PICKER_LIMIT),
        }),
        response: { 200: z.array(personOptionSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await onlyAdmins(request);
      return peopleOptions(db, "developer", request.query.q, request.query.limit);
    },
  );

  app.get(
    "/api/admin/project-options",
    {
      schema: {
        tags: ["admin"],
        summary:
          "One client's projects, newest first, those whose title starts with q when given (the invoice form's project picker; bounded)",
        querystring: z.strictObject({ clientId: z.string().trim().min(1).max(100), q: pickerQuerySchema.shape.q }),
        response: { 200: z.array(projectOptionSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await onlyAdmins(request);
      return projectOptions(db, request.query.clientId, request.query.q, PROJECT_OPTIONS_LIMIT);
    },
  );
};

/**
 * What follows a change to an invoice, in its transaction: the row read again, audited against
 * `before`, published to its client's open pages, and the client told.
 */
async function invoiceChanged(
  tx: Tx,
  actor: Actor,
  before: PaymentRow,
  action: "invoice.mark_paid" | "invoice.update",
  notice: "paid" | "updated",
): Promise<PaymentRow> {
  const after = await getPayment(tx, before.id);
  if (!after) throw notFound("Invoice");
  await auditAdminChange(tx, actor, {
    action,
    entity: "invoice",
    entityId: before.id,
    before: audited(before),
    after: audited(after),
  });
  await publishChange(tx, {
    topic: "invoices",
    op: "update",
    id: before.id,
    clientId: after.clientId,
    previousClientId: null,
  });
  await notifyInvoice(tx, actor, after, notice);
  return after;
}

/** The invoice, its row locked until the transaction ends: a second write to it waits, then sees the first. */
async function lockedPayment(tx: Tx, invoiceId: string): Promise<PaymentRow> {
  const [locked] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, invoiceId)).for("update");
  const row = locked && (await getPayment(tx, invoiceId));
  if (!row) throw notFound("Invoice");
  return row;
}

/** An invoice's project is one of its client's (a 400 on the field otherwise). */
const INVOICE_ID_TAKEN = "This invoice's id belongs to another invoice. Create it again as a new invoice.";

async function mustBeClientsProject(tx: Tx, clientId: string, projectId: string): Promise<void> {
  const [project] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.clientId, clientId)))
    // Share-locked until the invoice is written: a move of the project to another client under way is
    // waited for and judged after it, not before.
    .for("share");
  if (!project) throw validationFailed({ projectId: PROJECT_NOT_CLIENTS });
}
