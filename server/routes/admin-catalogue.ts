import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminPageOf } from "../../common/admin";
import {
  bookingCountsSchema,
  bookingsQuerySchema,
  serviceCreateSchema,
  serviceInputSchema,
  serviceRemovalSchema,
  servicesPageQuerySchema,
  subscriptionsPageSchema,
  subscriptionsQuerySchema,
} from "../../common/admin-catalogue";
import { serviceOrderSchema, serviceSchema } from "../../common/api";
import type { OrderStatus, ServiceStatus } from "../../common/domain";
import { editedVersion } from "../../common/schemas";
import { auditAdminChange, changesNothing } from "../data/audit";
import { bookingCounts, listBookings, listSubscriptions, lockOrder } from "../data/bookings";
import { notifyOrderStatus } from "../data/notifications";
import { getOrder, orderClientsOf } from "../data/orders";
import { getService, listServicesPage, lockService, serviceHasOrders } from "../data/services";
import type { Db } from "../db";
import { serviceOrders, services } from "../db/schema";
import { publishChange } from "../functions/changes";
import { requireAdmin } from "../http/admin";
import { createdBefore } from "../http/created-before";
import { conflict, notFound, refuseIfEditedMeanwhile } from "../http/errors";
import { errorResponses } from "../http/openapi";

/** Issue #7 items 8–10: the admin services editor, the bookings table with approve/cancel, subscriptions. */

/** An edit writes every field, from the version of the service its dialog read. */
const serviceEditSchema = serviceInputSchema.extend(editedVersion);
const SERVICE_ID_TAKEN = "This service's id belongs to another service. Create it again as a new service.";

const serviceParams = z.strictObject({ serviceId: z.uuid("This is not a valid id.") });
const orderParams = z.strictObject({ orderId: z.uuid("This is not a valid id.") });

type ServiceRow = NonNullable<Awaited<ReturnType<typeof getService>>>;

/** The fields an audit entry keeps of a service, before and after. */
const audited = (row: ServiceRow) => ({
  title: row.title,
  description: row.description,
  priceMinor: row.priceMinor,
  estimatedDuration: row.estimatedDuration,
  features: row.features,
  allowMilestones: row.allowMilestones,
  status: row.status,
});

/**
 * What an administrator may do to a booking: from which status, to which, what its client is told,
 * and the 409's words when the booking is no longer where the verb starts. An approved booking is an
 * active subscription until it is ended (completed), which takes it out of the monthly revenue.
 */
const ORDER_VERB: Record<
  "approve" | "cancel" | "end",
  { from: OrderStatus; status: OrderStatus; summary: string; told: string; refused: (status: string) => string }
> = {
  approve: {
    from: "pending",
    status: "approved",
    summary: "Approves a pending booking: it becomes an active subscription; 409 when it is no longer pending",
    told: "Your booking was approved",
    refused: (status) => `This booking is already ${status}: only pending bookings can be approved.`,
  },
  cancel: {
    from: "pending",
    status: "cancelled",
    summary: "Cancels a pending booking; 409 when it is no longer pending",
    told: "Your booking was cancelled",
    refused: (status) => `This booking is already ${status}: only pending bookings can be cancelled.`,
  },
  end: {
    from: "approved",
    status: "completed",
    summary: "Ends an active subscription: the approved booking becomes completed; 409 when it is not approved",
    told: "Your subscription ended",
    refused: (status) => `This booking is ${status}, not an active subscription: only approved bookings can be ended.`,
  },
};

export const adminCatalogueRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const forServices = (request: FastifyRequest) => requireAdmin(request, "Only administrators manage services");
  const forBookings = (request: FastifyRequest) => requireAdmin(request, "Only administrators manage bookings");

  app.get(
    "/api/admin/services",
    {
      schema: {
        tags: ["admin"],
        summary: "Every service, active and inactive, newest first, a page at a time",
        querystring: servicesPageQuerySchema,
        response: { 200: adminPageOf(serviceSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await forServices(request);
      return listServicesPage(db, request.query);
    },
  );

  app.post(
    "/api/admin/services",
    {
      schema: {
        tags: ["admin"],
        summary: "Creates a service; an active one reaches clients' Order Services at once",
        body: serviceCreateSchema,
        response: { 200: serviceSchema, 201: serviceSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const actor = await forServices(request);
      const { id: chosen, price, ...fields } = request.body;
      const created = await db.transaction(async (tx) => {
        // Created before: answered with what it is (a service has no owner: its title says it is this one).
        const sentBefore =
          chosen &&
          (await createdBefore(
            tx,
            { kind: "service", id: chosen, taken: SERVICE_ID_TAKEN },
            () => tx.select({ title: services.title }).from(services).where(eq(services.id, chosen)),
            { title: fields.title },
          ));
        if (sentBefore) return { id: chosen, repeated: true };
        const [inserted] = await tx
          .insert(services)
          .values({ ...(chosen && { id: chosen }), ...fields, price })
          .returning({ id: services.id });
        if (!inserted) throw new Error("insert into services returned no row");
        const after = await lockService(tx, inserted.id);
        if (!after) throw new Error("the new service is gone");
        await auditAdminChange(tx, actor, {
          action: "service.create",
          entity: "service",
          entityId: inserted.id,
          before: null,
          after: audited(after),
        });
        await publishChange(tx, { topic: "services", op: "insert", id: inserted.id });
        return { id: inserted.id, repeated: false };
      });
      const service = await getService(db, created.id);
      if (!service) throw notFound("Service");
      return reply.status(created.repeated ? 200 : 201).send(service);
    },
  );

  app.put(
    "/api/admin/services/:serviceId",
    {
      schema: {
        tags: ["admin"],
        summary: "Edits every field of a service; clients' Order Services follows at once (an inactive one leaves it)",
        params: serviceParams,
        body: serviceEditSchema,
        response: { 200: serviceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = await forServices(request);
      const { serviceId } = request.params;
      const { price, expectedUpdatedAt, ...fields } = request.body;
      await db.transaction(async (tx) => {
        const before = await lockService(tx, serviceId);
        if (!before) throw notFound("Service");
        if (changesNothing(before, { ...fields, priceMinor: price })) return;
        // A service deactivated meanwhile (deleted with orders) is not made active again by a form opened before.
        refuseIfEditedMeanwhile(before.updatedAt, expectedUpdatedAt);
        await tx
          .update(services)
          .set({ ...fields, price, updatedAt: sql`now()` })
          .where(eq(services.id, serviceId));
        const after = await lockService(tx, serviceId);
        if (!after) throw notFound("Service");
        await auditAdminChange(tx, actor, {
          action: "service.update",
          entity: "service",
          entityId: serviceId,
          before: audited(before),
          after: audited(after),
        });
        await publishChange(tx, {
          topic: "services",
          op: "update",
          id: serviceId,
          previousStatus: before.status,
          ...(before.title !== after.title && { relabelled: { orderClients: await orderClientsOf(tx, serviceId) } }),
        });
      });
      const updated = await getService(db, serviceId);
      if (!updated) throw notFound("Service");
      return updated;
    },
  );

  app.delete(
    "/api/admin/services/:serviceId",
    {
      schema: {
        tags: ["admin"],
        summary:
          "Deletes a service nobody ordered; deactivates (status inactive) one with orders, which are kept. Either way it leaves clients' Order Services",
        params: serviceParams,
        response: { 200: serviceRemovalSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = await forServices(request);
      const { serviceId } = request.params;
      return db.transaction(async (tx) => {
        // The lock makes an order being placed (it share-locks the service) finish first, or wait for this.
        const before = await lockService(tx, serviceId);
        if (!before) throw notFound("Service");
        const previousStatus: ServiceStatus = before.status;
        if (!(await serviceHasOrders(tx, serviceId))) {
          await tx.delete(services).where(eq(services.id, serviceId));
          await auditAdminChange(tx, actor, {
            action: "service.delete",
            entity: "service",
            entityId: serviceId,
            before: audited(before),
            after: null,
          });
          await publishChange(tx, { topic: "services", op: "delete", id: serviceId, previousStatus });
          return { outcome: "deleted" as const, service: before };
        }
        const after = { ...before, status: "inactive" as const };
        if (previousStatus !== "inactive") {
          await tx
            .update(services)
            .set({ status: "inactive", updatedAt: sql`now()` })
            .where(eq(services.id, serviceId));
          await auditAdminChange(tx, actor, {
            action: "service.deactivate",
            entity: "service",
            entityId: serviceId,
            before: audited(before),
            after: audited(after),
          });
          await publishChange(tx, { topic: "services", op: "update", id: serviceId, previousStatus });
        }
        return { outcome: "deactivated" as const, service: after };
      });
    },
  );

  app.get(
    "/api/admin/bookings",
    {
      schema: {
        tags: ["admin"],
        summary:
          "The bookings table: service orders, a page at a time, sorted, filtered by status, searched by client name or e-mail or service title (prefix)",
        querystring: bookingsQuerySchema,
        response: { 200: adminPageOf(serviceOrderSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await forBookings(request);
      return listBookings(db, request.query);
    },
  );

  app.get(
    "/api/admin/bookings/counts",
    {
      schema: {
        tags: ["admin"],
        summary: "How many bookings there are in all, pending, approved and cancelled",
        response: { 200: bookingCountsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await forBookings(request);
      return bookingCounts(db);
    },
  );

  for (const verb of ["approve", "cancel", "end"] as const) {
    const { from, status, summary, told, refused } = ORDER_VERB[verb];
    app.post(
      `/api/admin/bookings/:orderId/${verb}`,
      {
        schema: {
          tags: ["admin"],
          summary,
          params: orderParams,
          response: { 200: serviceOrderSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const actor = await forBookings(request);
        const { orderId } = request.params;
        await db.transaction(async (tx) => {
          // Locked until commit: of an approve and a cancel at once, the second sees the first's status.
          const before = await lockOrder(tx, orderId);
          if (!before) throw notFound("Booking");
          if (before.status !== from) throw conflict(refused(before.status.replace("_", " ")));
          await tx.update(serviceOrders).set({ status, updatedAt: sql`now()` }).where(eq(serviceOrders.id, orderId));
          await auditAdminChange(tx, actor, {
            action: `booking.${verb}`,
            entity: "booking",
            entityId: orderId,
            before: { status: before.status },
            after: { status },
          });
          await publishChange(tx, { topic: "service_orders", op: "update", id: orderId, clientId: before.clientId });
          await notifyOrderStatus(tx, actor, { id: orderId, clientId: before.clientId }, told);
        });
        const order = await getOrder(db, orderId);
        if (!order) throw notFound("Booking");
        return order;
      },
    );
  }

  app.get(
    "/api/admin/subscriptions",
    {
      schema: {
        tags: ["admin"],
        summary: "Approved orders as active subscriptions, a page at a time, with the monthly revenue of them all",
        querystring: subscriptionsQuerySchema,
        response: { 200: subscriptionsPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await requireAdmin(request, "Only administrators see subscriptions");
      return listSubscriptions(db, request.query);
    },
  );
};
