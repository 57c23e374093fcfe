import { and, desc, eq, inArray, lt, notInArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, projectDevelopers, projects, serviceOrders, tasks } from "../../server/db/schema";
import { encodeCursor } from "../../server/http/cursor";
import { addProjects } from "../support/projects";
import { type Client, startTestServer, type TestServer, userIdOf } from "../support/server";
import { createTask } from "../support/tasks";

/**
 * A cursor names a row by its id. Naming a row the viewer may not read, a page must be empty: given
 * their rows after it, it would tell where that row falls in their list (its creation time, or its
 * title's place in a searched list).
 */
let server: TestServer;
let chinedu: Client;
let tunde: Client;
let chineduId: string;
let tundeId: string;

beforeAll(async () => {
  server = await startTestServer();
  [chinedu, tunde] = await Promise.all([
    server.signIn("chinedu@ezefoods.test"),
    server.signIn("tunde@lagosstudio.test"),
  ]);
  [chineduId, tundeId] = await Promise.all([
    userIdOf(server.db, "chinedu@ezefoods.test"),
    userIdOf(server.db, "tunde@lagosstudio.test"),
  ]);
});
afterAll(async () => {
  await server?.close();
});

type Dated = PgTable & { id: PgColumn; createdAt: PgColumn };

/**
 * The newest row of `table` outside the viewer's rows (`theirs`), checked to be newer than at least
 * one of theirs, so that a list paging after it without the scope's check would not be empty.
 */
async function newestOutside(table: Dated, theirs: SQL): Promise<string> {
  const [foreign] = await server.db
    .select({ id: table.id, createdAt: table.createdAt })
    .from(table)
    .where(sql`not coalesce(${theirs}, false)`)
    .orderBy(desc(table.createdAt))
    .limit(1);
  if (!foreign) throw new Error("no row outside the viewer's");
  const older = await server.db
    .select({ id: table.id })
    .from(table)
    .where(and(theirs, lt(table.createdAt, foreign.createdAt as Date)));
  expect(older.length).toBeGreaterThan(0);
  return foreign.id as string;
}

async function pageAfter(viewer: Client, path: string, rowId: string) {
  const separator = path.includes("?") ? "&" : "?";
  const response = await viewer.request("GET", `${path}${separator}limit=100&cursor=${encodeCursor({ id: rowId })}`);
  expect(response.status).toBe(200);
  return response.json as { items: unknown[]; next: string | null };
}

describe("a cursor naming a row outside the viewer's list", () => {
  it("gives a client an empty page of invoices", async () => {
    const foreign = await newestOutside(invoices, eq(invoices.clientId, chineduId));
    expect(await pageAfter(chinedu, "/api/invoices", foreign)).toEqual({ items: [], next: null });
  });

  it("gives a client an empty page of orders", async () => {
    const foreign = await newestOutside(serviceOrders, eq(serviceOrders.clientId, chineduId));
    expect(await pageAfter(chinedu, "/api/orders", foreign)).toEqual({ items: [], next: null });
  });

  it("gives a developer an empty page of their tasks", async () => {
    await createTask(server.db, { creatorEmail: "admin@lagosstudio.test", assigneeEmail: "ngozi@lagosstudio.test" });
    const foreign = await newestOutside(tasks, eq(tasks.assignedTo, tundeId));
    expect(await pageAfter(tunde, "/api/tasks", foreign)).toEqual({ items: [], next: null });
  });

  it("gives a client an empty page of their projects' tasks", async () => {
    await createTask(server.db, { creatorEmail: "admin@lagosstudio.test" });
    const foreign = await newestOutside(
      tasks,
      inArray(
        tasks.projectId,
        server.db.select({ id: projects.id }).from(projects).where(eq(projects.clientId, chineduId)),
      ),
    );
    expect(await pageAfter(chinedu, "/api/tasks", foreign)).toEqual({ items: [], next: null });
  });

  it("gives a client and a developer an empty page of projects", async () => {
    const clientForeign = await newestOutside(projects, eq(projects.clientId, chineduId));
    expect(await pageAfter(chinedu, "/api/projects", clientForeign)).toEqual({ items: [], next: null });

    const assigned = (
      await server.db
        .select({ id: projectDevelopers.projectId })
        .from(projectDevelopers)
        .where(eq(projectDevelopers.developerId, tundeId))
    ).map((row) => row.id);
    expect(assigned.length).toBeGreaterThan(0);
    const [notAssigned] = await server.db
      .select({ id: projects.id })
      .from(projects)
      .where(notInArray(projects.id, assigned))
      .orderBy(desc(projects.createdAt))
      .limit(1);
    if (!notAssigned) throw new Error("no project outside the developer's");
    expect(await pageAfter(tunde, "/api/projects", notAssigned.id)).toEqual({ items: [], next: null });
  });

  it("gives a client an empty page of projects searched by title", async () => {
    const [own] = await addProjects(server.db, {
      clientEmail: "chinedu@ezefoods.test",
      count: 1,
      title: "Zebra scope b",
    });
    const [foreign] = await addProjects(server.db, {
      clientEmail: "amaka@bellofashion.test",
      count: 1,
      title: "Zebra scope a",
    });
    if (!own || !foreign) throw new Error("projects not added");
    const searched = "/api/projects?q=zebra%20scope";
    const all = await chinedu.request("GET", `${searched}&limit=100`);
    expect(all.json.items.map((project: { id: string }) => project.id)).toEqual([own]);
    expect(await pageAfter(chinedu, searched, foreign)).toEqual({ items: [], next: null });
  });
});
