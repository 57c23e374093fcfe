import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectDevelopers } from "../../server/db/schema";
import { createPresenceBoard, presenceKey, TYPING_MS, type Viewer } from "../../server/live/presence";
import { ACTOR_EMAILS, ACTORS, type ActorName, signInActors } from "../support/actors";
import { type LiveFrame, type LiveSocket, openLive } from "../support/live";
import { createProject } from "../support/project-factory";
import { type Client, sleep, startTestServer, type TestServer } from "../support/server";

/**
 * Issue #8 items 1 and 2: who is on a project page, and who is typing. A
 * viewer is a subscription to ["projects", id, "presence"]; the hub pushes
 * the whole list ({type: "value"}) to the project's viewers the rules allow.
 */

let server: TestServer;
let http: Record<ActorName, Client>;
let id: Record<ActorName, string>;
const open: LiveSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  ({ http, id } = await signInActors(server));
});
afterAll(async () => {
  for (const socket of open) socket.close();
  await server?.close();
});

async function socketOf(actor: ActorName): Promise<LiveSocket> {
  const socket = await openLive(server.url, http[actor]);
  if ("rejected" in socket) throw new Error(`live channel refused: ${socket.status}`);
  open.push(socket);
  return socket;
}

const newProject = () =>
  createProject(server.db, { clientEmail: ACTOR_EMAILS.clientA, developerEmails: [ACTOR_EMAILS.devIn] });

/** The next presence list for the key on this socket that satisfies `match`. */
async function viewersWhen(socket: LiveSocket, projectId: string, match: (viewers: Viewer[]) => boolean) {
  const key = JSON.stringify(presenceKey(projectId));
  const isIt = (frame: LiveFrame) =>
    frame.type === "value" && JSON.stringify(frame.key) === key && match(frame.value as Viewer[]);
  const frame = await socket.next(isIt, 3_000);
  return frame.value as Viewer[];
}

const ids = (viewers: Viewer[]) => viewers.map((viewer) => viewer.userId).sort();
const valueFrames = (socket: LiveSocket, projectId: string) =>
  socket.frames.filter(
    (frame) => frame.type === "value" && JSON.stringify(frame.key) === JSON.stringify(presenceKey(projectId)),
  );

describe("presence on a project page", () => {
  it("only people who may read the project may watch its presence", async () => {
    const projectId = await newProject();
    const allowed: Record<ActorName, boolean> = {
      clientA: true,
      clientB: false,
      devIn: true,
      devOut: false,
      admin: true,
    };
    for (const actor of ACTORS) {
      const socket = await socketOf(actor);
      const answer = await socket.subscribe([...presenceKey(projectId)]);
      expect(answer.type, actor).toBe(allowed[actor] ? "subscribed" : "error");
      socket.close();
    }
    expect(await openLive(server.url, null)).toEqual({ rejected: true, status: 401 });
  });

  it("a viewer appears to the others within a second, with their name, and is gone when the tab closes", async () => {
    const projectId = await newProject();
    const client = await socketOf("clientA");
    const started = Date.now();
    await client.subscribe([...presenceKey(projectId)]);
    expect(ids(await viewersWhen(client, projectId, (list) => list.length === 1))).toEqual([id.clientA]);

    const admin = await socketOf("admin");
    await admin.subscribe([...presenceKey(projectId)]);
    const both = await viewersWhen(client, projectId, (list) => list.length === 2);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(ids(both)).toEqual([id.admin, id.clientA].sort());
    expect(both.find((viewer) => viewer.userId === id.admin)?.name).toBeTruthy();
    // The newcomer is told who is already there.
    expect(ids(await viewersWhen(admin, projectId, (list) => list.length === 2))).toEqual(ids(both));

    admin.close();
    expect(ids(await viewersWhen(client, projectId, (list) => list.length === 1))).toEqual([id.clientA]);
  });

  it("two tabs of one person are one viewer, who leaves with the last tab", async () => {
    const projectId = await newProject();
    const watcher = await socketOf("devIn");
    await watcher.subscribe([...presenceKey(projectId)]);
    const first = await socketOf("clientA");
    const second = await socketOf("clientA");
    await first.subscribe([...presenceKey(projectId)]);
    await viewersWhen(watcher, projectId, (list) => list.length === 2);
    await second.subscribe([...presenceKey(projectId)]);
    expect(ids(await viewersWhen(second, projectId, (list) => list.length === 2))).toEqual(
      [id.clientA, id.devIn].sort(),
    );
    first.close();
    await sleep(300);
    expect(ids(valueFrames(watcher, projectId).at(-1)?.value ?? [])).toEqual([id.clientA, id.devIn].sort());
    second.close();
    expect(ids(await viewersWhen(watcher, projectId, (list) => list.length === 1))).toEqual([id.devIn]);
  });

  it("someone who loses access stops receiving the project's presence", async () => {
    const projectId = await newProject();
    const developer = await socketOf("devIn");
    await developer.subscribe([...presenceKey(projectId)]);
    await viewersWhen(developer, projectId, (list) => list.length === 1);
    await server.db
      .delete(projectDevelopers)
      .where(and(eq(projectDevelopers.projectId, projectId), eq(projectDevelopers.developerId, id.devIn)));
    const client = await socketOf("clientA");
    await client.subscribe([...presenceKey(projectId)]);
    // The next push is checked again: the developer is told not_found and receives no list with the client in it.
    await developer.next((frame) => frame.type === "error" && frame.code === "not_found");
    expect(ids(await viewersWhen(client, projectId, (list) => list.length === 1))).toEqual([id.clientA]);
    expect(valueFrames(developer, projectId).some((frame) => ids(frame.value).includes(id.clientA))).toBe(false);
  });
});

describe("typing", () => {
  it("shows while someone types, goes when they stop, and is never sent to a socket not on the page", async () => {
    const projectId = await newProject();
    const client = await socketOf("clientA");
    const admin = await socketOf("admin");
    const elsewhere = await socketOf("devIn");
    await client.subscribe([...presenceKey(projectId)]);
    await admin.subscribe([...presenceKey(projectId)]);
    await viewersWhen(client, projectId, (list) => list.length === 2);

    admin.send({ type: "typing", key: presenceKey(projectId), active: true });
    const typing = await viewersWhen(client, projectId, (list) => list.some((viewer) => viewer.typing));
    expect(typing.filter((viewer) => viewer.typing).map((viewer) => viewer.userId)).toEqual([id.admin]);
    admin.send({ type: "typing", key: presenceKey(projectId), active: false });
    await viewersWhen(client, projectId, (list) => list.length === 2 && list.every((viewer) => !viewer.typing));

    // Typing on a project one has not subscribed to (or may not read) does nothing.
    elsewhere.send({ type: "typing", key: presenceKey(projectId), active: true });
    await sleep(300);
    expect(
      valueFrames(client, projectId)
        .at(-1)
        ?.value.some((viewer: Viewer) => viewer.typing),
    ).toBe(false);
    expect(valueFrames(elsewhere, projectId)).toEqual([]);
  });

  it("a typing signal lapses by itself a few seconds after the last one", async () => {
    const projectId = await newProject();
    const client = await socketOf("clientA");
    const admin = await socketOf("admin");
    await client.subscribe([...presenceKey(projectId)]);
    await admin.subscribe([...presenceKey(projectId)]);
    admin.send({ type: "typing", key: presenceKey(projectId), active: true });
    await viewersWhen(client, projectId, (list) => list.some((viewer) => viewer.typing));
    const since = Date.now();
    const seen = client.frames.length;
    await expect
      .poll(
        () =>
          client.frames
            .slice(seen)
            .some((frame) => frame.type === "value" && (frame.value as Viewer[]).every((viewer) => !viewer.typing)),
        { timeout: TYPING_MS + 2_000, interval: 100 },
      )
      .toBe(true);
    expect(Date.now() - since).toBeGreaterThanOrEqual(TYPING_MS - 500);
  });
});

describe("the presence board's deliveries", () => {
  it("never send an older list after a newer one, whichever delivery's access check returns first", async () => {
    // The board on the real database, with the access check's answers released by hand: a join's
    // delivery waits on its check while a typing signal's delivery, started after it, passes first.
    const pending: (() => void)[] = [];
    let held = false;
    const facts = { clientId: id.clientA, developerIds: [] };
    const board = await createPresenceBoard({
      db: server.db,
      listen: async () => {},
      facts: () => (held ? new Promise((resolve) => pending.push(() => resolve(facts))) : Promise.resolve(facts)),
      mayRead: () => true,
      revoke: () => {},
      onError: (error) => {
        throw error;
      },
    });
    const frames: Viewer[][] = [];
    const socketFor = (userId: string) => ({
      userId,
      actor: { id: userId, role: "client" as const },
      send: (frame: string) => frames.push(JSON.parse(frame).value),
    });
    const watcher = socketFor(id.clientA);
    const typist = socketFor(id.admin);
    const projectId = await newProject();
    try {
      await board.join(watcher, projectId);
      held = true;
      await board.join(typist, projectId);
      board.typing(typist, projectId, true);
      while (pending.length < 2) await sleep(5);
      pending[1]?.();
      await sleep(20);
      pending[0]?.();
      await sleep(20);
      expect(frames.at(-1)?.find((viewer) => viewer.userId === id.admin)?.typing).toBe(true);
    } finally {
      board.close();
    }
  });
});
