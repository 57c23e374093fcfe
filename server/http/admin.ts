import type { FastifyRequest } from "fastify";
import { type Actor, rules } from "../rules";
import { forbidden } from "./errors";

/**
 * The admin console's guard (issue #7): 401 signed out, 403 for everyone who
 * is not an administrator, with `message` saying what was refused. Returns
 * the administrator for the audit log.
 */
export async function requireAdmin(request: FastifyRequest, message: string): Promise<NonNullable<Actor>> {
  await request.requireUser();
  const actor = await request.actor();
  if (!actor || !rules.adminConsole.use(actor)) throw forbidden(message);
  return actor;
}
