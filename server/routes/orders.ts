import { eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pageOf, serviceOrderSchema } from "../../common/api";
import { orderCreateSchema, uuidParam } from "../../common/schemas";
import { lockOrder } from "../data/bookings";
import { notifyNewOrder, notifyOrderWithdrawn } from "../data/notifications";
import { getOrder, listOrders } from "../data/orders";
import { serviceForOrder } from "../data/services";
import type { Db } from "../db";
import { serviceOrders } from "../db/schema";
import { publishChange } from "../functions/changes";
import { createdBefore } from "../http/created-before";
import { decodeCursor, pageQuery, toPage } from "../http/cursor";
import { conflict, forbidden, notFound } from "../http/errors";
import { errorResponses } from "../http/openapi";
import { rules } from "../rules";

const ORDER_ID_TAKEN = "This order's id belongs to another order. Order the service again as a new order.";

export const orderRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/orders",
    {
      schema: {
        tags: ["orders"],
        summary: "The signed-in client's service orders (every order for an administrator), newest first, by cursor",
        querystring: z.strictObject(pageQuery),
        response: { 200: pageOf(serviceOrderSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await request.requireUser();
      const scope = rules.serviceOrders.scope(await request.actor());
      const { limit, cursor } = request.query;
      const rows = await listOrders(db, scope, { limit: limit + 1, after: decodeCursor(cursor) });
      return toPage(rows, limit);
    },
  );

  app.post(
    "/api/orders",
    {
      schema: {
        tags: ["orders"],
        summary:
          "Order an active service (clients). The order is pending and its total is the service's price when ordered",
        body: orderCreateSchema,
        response: { 200: serviceOrderSchema, 201: serviceOrderSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const actor = await request.actor();
      if (!rules.serviceOrders.create(actor)) throw forbidden("Only clients can order services");
      const { serviceId, notes } = request.body;
      const placed = await db.transaction(async (tx) => {
        // Placed before: answered with what it is.
        const { id } = request.body;
        const placedBefore =
          id &&
          (await createdBefore(
            tx,
            { kind: "order", id, taken: ORDER_ID_TAKEN },
            () =>
              tx
                .select({ clientId: serviceOrders.clientId, serviceId: serviceOrders.serviceId })
                .from(serviceOrders)
                .where(eq(serviceOrders.id, id)),
            { clientId: user.id, serviceId },
          ));
        if (placedBefore) return { id, repeated: true };
        const service = await serviceForOrder(tx, serviceId);
        // Only active services can be ordered; any other reads as not found, so ids reveal nothing.
        if (service?.status !== "active") throw notFound("Service");
        const [inserted] = await tx
          .insert(serviceOrders)
          .values({
            ...(id && { id }),
            serviceId,
            clientId: user.id,
            totalAmount: service.price,
            notes: notes ?? "",
            status: "pending",
          })
          .returning({ id: serviceOrders.id });
        if (!inserted) throw new Error("insert into service_orders returned no row");
        await publishChange(tx, { topic: "service_orders", op: "insert", id: inserted.id, clientId: user.id });
        await notifyNewOrder(tx, actor, { id: inserted.id, clientId: user.id });
        return { id: inserted.id, repeated: false };
      });
      const order = await getOrder(db, placed.id);
      if (!order) throw notFound("Order");
      return reply.status(placed.repeated ? 200 : 201).send(order);
    },
  );

  app.post(
    "/api/orders/:orderId/cancel",
    {
      schema: {
        tags: ["orders"],
        summary:
          "Cancels your own order while it is pending (clients); administrators are told. Administrators cancel on Bookings",
        params: z.strictObject({ orderId: uuidParam }),
        response: { 200: serviceOrderSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await request.requireUser();
      const actor = await request.actor();
      const { orderId } = request.params;
      await db.transaction(async (tx) => {
        // Locked as Bookings' approve and cancel lock it: of a client's cancel and an approval at once, one wins.
        const before = await lockOrder(tx, orderId);
        const facts = { clientId: before?.clientId ?? "" };
        if (!before || !rules.serviceOrders.read(actor, facts)) throw notFound("Order");
        if (!rules.serviceOrders.withdraw(actor, facts))
          throw forbidden("Administrators cancel bookings on the Bookings page");
        if (before.status !== "pending")
          throw conflict(
            `This order is already ${before.status.replace("_", " ")}: only a pending order can be cancelled.`,
          );
        await tx
          .update(serviceOrders)
          .set({ status: "cancelled", updatedAt: sql`now()` })
          .where(eq(serviceOrders.id, orderId));
        await publishChange(tx, { topic: "service_orders", op: "update", id: orderId, clientId: before.clientId });
        await notifyOrderWithdrawn(tx, actor, { id: orderId, clientId: before.clientId });
      });
      const order = await getOrder(db, orderId);
      if (!order) throw notFound("Order");
      return order;
    },
  );
};
