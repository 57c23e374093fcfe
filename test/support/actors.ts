import { type Client, type TestServer, userIdOf } from "./server";

/**
 * The five signed-in actors of the table-driven access tests (seeded demo accounts):
 * the project's client, another client, a developer on the project, one off it, and
 * an administrator. The order is the column order of every per-actor expectation.
 */
export const ACTORS = ["clientA", "clientB", "devIn", "devOut", "admin"] as const;
export type ActorName = (typeof ACTORS)[number];

export const ACTOR_EMAILS: Readonly<Record<ActorName, string>> = {
  clientA: "chinedu@ezefoods.test",
  clientB: "amaka@bellofashion.test",
  devIn: "tunde@lagosstudio.test",
  devOut: "ngozi@lagosstudio.test",
  admin: "admin@lagosstudio.test",
};

/** Each actor signed in on `server`: their HTTP clients and their user ids, by actor. */
export async function signInActors(server: TestServer) {
  const http = {} as Record<ActorName, Client>;
  const id = {} as Record<ActorName, string>;
  for (const actor of ACTORS) {
    http[actor] = await server.signIn(ACTOR_EMAILS[actor]);
    id[actor] = await userIdOf(server.db, ACTOR_EMAILS[actor]);
  }
  return { http, id };
}
