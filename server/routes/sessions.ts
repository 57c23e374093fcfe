import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CURRENT_SESSION_KEPT, signedInDevicesSchema } from "../../common/sessions";
import type { SessionCache } from "../auth/session-cache";
import { endOtherSessions, endSession, getSessionFacts, listSignedInDevices } from "../data/sessions";
import type { Db } from "../db";
import { conflict, notFound, unauthorized } from "../http/errors";
import { errorResponses } from "../http/openapi";
import { rules } from "../rules";

/** better-auth's session ids: letters, digits, `-` and `_`. */
const sessionIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "Not a session id.");

/** Settings' "Signed-in devices": a person's own sessions, and ending the ones they do not use. */
export const sessionRoutes: FastifyPluginAsyncZod<{ db: Db; sessions: SessionCache }> = async (
  app,
  { db, sessions },
) => {
  /** The session the request came with; 401 without one. */
  async function currentSession(request: FastifyRequest) {
    const session = await request.session();
    if (!session) throw unauthorized();
    return session;
  }

  app.get(
    "/api/me/sessions",
    {
      schema: {
        tags: ["profile"],
        summary: "Where you are signed in: this device first, then the newest others",
        response: { 200: signedInDevicesSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { token, user } = await currentSession(request);
      return listSignedInDevices(db, user.id, token);
    },
  );

  app.delete(
    "/api/me/sessions/:sessionId",
    {
      schema: {
        tags: ["profile"],
        summary: "Signs one of your other devices out (its open pages are signed out at once)",
        params: z.strictObject({ sessionId: sessionIdParam }),
        response: { 204: z.null(), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const { token, user } = await currentSession(request);
      const actor = await request.actor();
      const { sessionId } = request.params;
      const facts = await getSessionFacts(db, sessionId, token);
      // Someone else's session is not found: its id tells nobody anything.
      if (!facts || !rules.sessions.delete(actor, facts)) throw notFound("Session");
      if (facts.current) throw conflict(CURRENT_SESSION_KEPT);
      const ended = await endSession(db, sessionId, user.id);
      if (!ended) throw notFound("Session");
      sessions.invalidateToken(ended, user.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/me/sessions/sign-out-others",
    {
      schema: {
        tags: ["profile"],
        summary: "Signs every device but this one out",
        response: { 200: z.object({ ended: z.number().int() }), ...errorResponses(401) },
      },
    },
    async (request) => {
      const { token, user } = await currentSession(request);
      const ended = await endOtherSessions(db, user.id, token);
      for (const endedToken of ended) sessions.invalidateToken(endedToken, user.id);
      return { ended: ended.length };
    },
  );
};
