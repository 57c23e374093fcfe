import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectDevelopers } from "../../server/db/schema";
import { ACTOR_EMAILS, ACTORS, type ActorName, signInActors } from "../support/actors";
import { type LiveSocket, liveSockets } from "../support/live";
import { createProject } from "../support/project-factory";
import { type Client, sleep, startTestServer, type TestServer } from "../support/server";

/**
 * Issue #8 item 3: each person's read point per project. A message adds one
 * unread for everyone who may read the project but its author; reading up to
 * a message sets the read point (never backwards); the summary counts only
 * projects the person may read now; ["unread"] tells exactly those people.
 */

let server: TestServer;
let http: Record<ActorName, Client>;
let id: Record<ActorName, string>;
const sockets = liveSockets(() => server.url);

beforeAll(async () => {
  server = await startTestServer();
  ({ http, id } = await signInActors(server));
});
afterAll(async () => {
  sockets.closeAll();
  await server?.close();
});

const newProject = () =>
  createProject(server.db, { clientEmail: ACTOR_EMAILS.clientA, developerEmails: [ACTOR_EMAILS.devIn] });

async function post(actor: ActorName, projectId: string, message: string): Promise<string> {
  const response = await http[actor].request("POST", `/api/projects/${projectId}/messages`, { message });
  expect(response.status).toBe(201);
  return response.json.id;
}

async function unreadOn(actor: ActorName, projectId: string): Promise<number> {
  const response = await http[actor].request("GET", "/api/unread");
  expect(response.status).toBe(200);
  return (
    (response.json.projects as { projectId: string; unread: number }[]).find((row) => row.projectId === projectId)
      ?.unread ?? 0
  );
}

async function live(actor: ActorName): Promise<LiveSocket> {
  const socket = await sockets.open(http[actor]);
  expect((await socket.subscribe(["unread"])).type).toBe("subscribed");
  return socket;
}

describe("unread counts", () => {
  it("a message is unread for everyone on the project but its author, and no one else", async () => {
    const projectId = await newProject();
    await post("clientA", projectId, "One");
    await post("clientA", projectId, "Two");
    const counts = await Promise.all(ACTORS.map((actor) => unreadOn(actor, projectId)));
    expect(Object.fromEntries(ACTORS.map((actor, i) => [actor, counts[i]]))).toEqual({
      clientA: 0,
      clientB: 0,
      devIn: 2,
      devOut: 0,
      admin: 2,
    });
    const summary = await http.devIn.request("GET", "/api/unread");
    expect(summary.json.total).toBeGreaterThanOrEqual(2);
  });

  it("reading up to a message leaves what came after it, and the read point never moves back", async () => {
    const projectId = await newProject();
    const first = await post("clientA", projectId, "First");
    const second = await post("clientA", projectId, "Second");
    await post("devIn", projectId, "Mine does not count for me");
    const read = await http.devIn.request("PUT", `/api/projects/${projectId}/read`, { upTo: first });
    expect(read.status).toBe(200);
    expect(read.json.unread).toBe(1);
    expect(await unreadOn("devIn", projectId)).toBe(1);
    expect((await http.devIn.request("PUT", `/api/projects/${projectId}/read`, { upTo: second })).json.unread).toBe(0);
    // Reading an older message again does not bring anything back.
    expect((await http.devIn.request("PUT", `/api/projects/${projectId}/read`, { upTo: first })).json).toMatchObject({
      unread: 0,
    });
    const state = await http.devIn.request("GET", `/api/projects/${projectId}/read`);
    expect(state.json.unread).toBe(0);
    expect(state.json.lastReadAt).not.toBeNull();
    // The client's count was never touched by the developer reading.
    expect(await unreadOn("clientA", projectId)).toBe(1);
  });

  it("refuses reading a project one may not read, or a message of another project", async () => {
    const projectId = await newProject();
    const other = await newProject();
    const message = await post("clientA", projectId, "Hello");
    expect((await http.clientB.request("PUT", `/api/projects/${projectId}/read`, { upTo: message })).status).toBe(404);
    expect((await http.devOut.request("GET", `/api/projects/${projectId}/read`)).status).toBe(404);
    expect((await http.devIn.request("PUT", `/api/projects/${other}/read`, { upTo: message })).status).toBe(404);
    expect((await http.devIn.request("PUT", `/api/projects/${projectId}/read`, { upTo: "nope" })).status).toBe(400);
    expect((await http.devIn.request("PUT", `/api/projects/${projectId}/read`, {})).status).toBe(400);
    expect((await server.client().request("GET", "/api/unread")).status).toBe(401);
  });

  it("a developer taken off a project no longer counts it", async () => {
    const projectId = await newProject();
    await post("clientA", projectId, "Before removal");
    expect(await unreadOn("devIn", projectId)).toBe(1);
    await server.db
      .delete(projectDevelopers)
      .where(and(eq(projectDevelopers.projectId, projectId), eq(projectDevelopers.developerId, id.devIn)));
    expect(await unreadOn("devIn", projectId)).toBe(0);
  });

  it("someone who joins a project starts reading it there: nothing before is unread, no old count comes back", async () => {
    const projectId = await newProject();
    await post("clientA", projectId, "While on it");
    await post("clientA", projectId, "Still on it");
    expect(await unreadOn("devIn", projectId)).toBe(2);
    const { json: project } = await http.admin.request("GET", `/api/admin/projects/${projectId}`);
    const edit = (developerIds: string[], version: string) =>
      http.admin.request("PATCH", `/api/admin/projects/${projectId}`, {
        title: project.title,
        description: project.description ?? "",
        clientId: project.clientId,
        developerIds,
        status: project.status,
        progress: project.progress,
        startDate: project.startDate,
        endDate: project.endDate,
        expectedUpdatedAt: version,
      });
    const off = await edit([], project.updatedAt);
    expect(off.status).toBe(200);
    await post("clientA", projectId, "Said while they were away");
    const back = await edit([id.devIn, id.devOut], off.json.updatedAt);
    expect(back.status).toBe(200);
    expect(await unreadOn("devIn", projectId)).toBe(0);
    expect(await unreadOn("devOut", projectId)).toBe(0);
    // From there on, what is said counts.
    await post("clientA", projectId, "Welcome back");
    expect(await unreadOn("devIn", projectId)).toBe(1);
    expect(await unreadOn("devOut", projectId)).toBe(1);
  });
});

describe("live unread badges", () => {
  it("a new message tells exactly the people who may read it; reading tells only the reader's tabs", async () => {
    const projectId = await newProject();
    const socket = Object.fromEntries(
      await Promise.all(ACTORS.map(async (a) => [a, await live(a)] as const)),
    ) as Record<ActorName, LiveSocket>;
    const invalidations = (actor: ActorName) => socket[actor].frames.filter((f) => f.type === "invalidate").length;
    const before = Object.fromEntries(ACTORS.map((actor) => [actor, invalidations(actor)]));
    const message = await post("clientA", projectId, "Live badge");
    await socket.devIn.next((f) => f.type === "invalidate");
    await socket.admin.next((f) => f.type === "invalidate");
    await sleep(300);
    const got = (actor: ActorName) => invalidations(actor) - (before[actor] ?? 0);
    expect(ACTORS.map(got)).toEqual([1, 0, 1, 0, 1]);

    const second = await live("devIn");
    const mark = Object.fromEntries(ACTORS.map((actor) => [actor, invalidations(actor)]));
    const secondBefore = second.frames.filter((f) => f.type === "invalidate").length;
    expect((await http.devIn.request("PUT", `/api/projects/${projectId}/read`, { upTo: message })).status).toBe(200);
    await second.next((f) => f.type === "invalidate");
    await sleep(300);
    expect(second.frames.filter((f) => f.type === "invalidate").length - secondBefore).toBe(1);
    expect(ACTORS.map((actor) => invalidations(actor) - (mark[actor] ?? 0))).toEqual([0, 0, 1, 0, 0]);
  });

  it("a project deleted takes its unread counts with it, and its people's badges refetch", async () => {
    const projectId = await newProject();
    await post("clientA", projectId, "Soon gone");
    expect(await unreadOn("devIn", projectId)).toBe(1);
    const totalOf = async (actor: ActorName) => (await http[actor].request("GET", "/api/unread")).json.total as number;
    const adminTotal = await totalOf("admin");
    const socket = Object.fromEntries(
      await Promise.all((["clientB", "devIn", "admin"] as const).map(async (a) => [a, await live(a)] as const)),
    ) as Record<"clientB" | "devIn" | "admin", LiveSocket>;
    const unreadPushes = (s: LiveSocket) =>
      s.frames.filter((f) => f.type === "invalidate" && JSON.stringify(f.key) === '["unread"]').length;

    expect((await http.admin.request("DELETE", `/api/admin/projects/${projectId}`)).status).toBe(204);
    await socket.devIn.next((f) => f.type === "invalidate");
    await socket.admin.next((f) => f.type === "invalidate");
    await sleep(300);
    expect([socket.clientB, socket.devIn, socket.admin].map(unreadPushes)).toEqual([0, 1, 1]);
    expect(await unreadOn("devIn", projectId)).toBe(0);
    expect(await totalOf("admin")).toBe(adminTotal - 1);
  });
});
