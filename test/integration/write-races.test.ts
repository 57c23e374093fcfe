import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_WRITES_LOCK } from "../../server/data/plans";
import { RACED_REMOVAL } from "../../server/http/errors";
import { createClients } from "../support/clients";
import { lagosDay } from "../support/invoices";
import { type LiveFrame, liveSockets } from "../support/live";
import { backendPid, tracked, untilBlockedBy } from "../support/locks";
import { newPerson } from "../support/portal";
import { pdf } from "../support/project-files-suite";
import { activeProjectId, type Client, dbKind, startTestServer, type TestServer, userIdOf } from "../support/server";

/**
 * Writes that meet another write under way. One that references a person while another administrator
 * deactivates them waits for the deactivation and is refused, never issued to someone deactivated a
 * moment before; marking a thread read while a message is being sent keeps that message unread; a file
 * deleted while a message attaches it tells that message's readers; a change judged by the rules is
 * judged on the row as it is once locked. The other write is held open on a connection of the test's
 * own (`whileHeldOpen`), which PGlite (one connection) cannot give, so scripts/test.mjs runs this file in
 * the PostgreSQL pass.
 */
if (dbKind !== "postgres") throw new Error("write-races.test.ts needs TEST_DB=postgres and TEST_DATABASE_URL");

let server: TestServer;
let admin: Client;
let side: pg.Client;
let sidePid: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn("admin@lagosstudio.test");
  side = new pg.Client({ connectionString: server.config.databaseUrl });
  await side.connect();
  sidePid = await backendPid(side);
});
const sockets = liveSockets(() => server.url);
afterAll(async () => {
  sockets.closeAll();
  await side?.end();
  await server?.close();
});

/**
 * The other write: `other` run on the test's own connection in a transaction held open while `write` is
 * sent, committed once the write waits for it (PostgreSQL says the server's connection is blocked by this
 * one); the write's answer. A write that answers without having waited did not meet the other one, and
 * the test would prove nothing: that fails.
 */
async function whileHeldOpen<T>(other: () => Promise<unknown>, write: () => Promise<T>): Promise<T> {
  await side.query("begin");
  await other();
  const answer = tracked(write());
  try {
    await untilBlockedBy(server.db, sidePid, answer.settled);
  } finally {
    await side.query("commit");
  }
  return answer.promise;
}

const deactivating = (email: string) => () =>
  side.query("update users set archived_at = now() where email = $1", [email]);

describe("a write naming someone being deactivated", () => {
  it("a task assigned to them waits and is refused under its field", async () => {
    const developerId = await userIdOf(server.db, "ngozi@lagosstudio.test");
    const response = await whileHeldOpen(deactivating("ngozi@lagosstudio.test"), () =>
      admin.request("POST", "/api/admin/tasks", {
        title: "Assigned as they leave",
        description: "",
        assignedTo: developerId,
        projectId: "",
        dueDate: "",
      }),
    );
    expect(response.status).toBe(400);
    expect(Object.keys(response.json.error.fields)).toEqual(["assignedTo"]);
  });

  it("an invoice issued to them waits and is refused under its field", async () => {
    const clientId = await userIdOf(server.db, "kunle@adeyemilogistics.test");
    const response = await whileHeldOpen(deactivating("kunle@adeyemilogistics.test"), () =>
      admin.request("POST", "/api/admin/invoices", {
        clientId,
        projectId: null,
        amount: "1000.00",
        dueDate: lagosDay(10),
      }),
    );
    expect(response.status).toBe(400);
    expect(Object.keys(response.json.error.fields)).toEqual(["clientId"]);
  });
});

describe("marking a thread read while a message is being sent", () => {
  it("leaves that message unread and counted", async () => {
    const reader = await server.signIn("chinedu@ezefoods.test");
    const projectId = await activeProjectId(server.db, "chinedu@ezefoods.test");
    const [newest] = (await reader.request("GET", `/api/projects/${projectId}/messages?limit=1`)).json.items;
    expect((await reader.request("PUT", `/api/projects/${projectId}/read`, { upTo: newest.id })).json.unread).toBe(0);

    // A message sent as the server sends one: the row, then +1 for its readers, committed later.
    const readerId = await userIdOf(server.db, "chinedu@ezefoods.test");
    const authorId = await userIdOf(server.db, "admin@lagosstudio.test");
    const marked = await whileHeldOpen(
      async () => {
        await side.query("insert into project_messages (project_id, user_id, message) values ($1, $2, $3)", [
          projectId,
          authorId,
          "Sent while you were reading",
        ]);
        await side.query("update project_reads set unread = unread + 1 where user_id = $1 and project_id = $2", [
          readerId,
          projectId,
        ]);
      },
      () => reader.request("PUT", `/api/projects/${projectId}/read`, { upTo: newest.id }),
    );
    expect(marked.json.unread).toBe(1);
    expect((await reader.request("GET", "/api/unread")).json.total).toBe(1);
  });
});

describe("deleting a file while a message attaches it", () => {
  it("tells the thread's readers that message changed", async () => {
    const uploader = await server.signIn("amaka@bellofashion.test");
    const projectId = await activeProjectId(server.db, "amaka@bellofashion.test");
    const uploaded = await fetch(`${server.url}/api/projects/${projectId}/files`, {
      method: "POST",
      headers: {
        cookie: uploader.cookieHeader(),
        origin: server.url,
        "content-type": "application/octet-stream",
        "x-file-name": "brief.pdf",
      },
      body: new Uint8Array(pdf(2048)),
    });
    expect(uploaded.status).toBe(201);
    const fileId = (await uploaded.json()).id as string;
    const key = ["projects", projectId, "messages"];
    const socket = await sockets.open(admin);
    expect((await socket.subscribe(key)).type).toBe("subscribed");

    // A message attaching the file as the server attaches one: the file locked, the message and its file row.
    const authorId = await userIdOf(server.db, "amaka@bellofashion.test");
    let messageId: string | undefined;
    const deleted = await whileHeldOpen(
      async () => {
        await side.query("select id from project_files where id = $1 for update", [fileId]);
        const { rows } = await side.query<{ id: string }>(
          "insert into project_messages (project_id, user_id, message) values ($1, $2, $3) returning id",
          [projectId, authorId, "The brief, attached"],
        );
        messageId = rows[0]?.id;
        await side.query("insert into message_files (message_id, file_id, position, name) values ($1, $2, 0, $3)", [
          messageId,
          fileId,
          "brief.pdf",
        ]);
      },
      () => uploader.request("DELETE", `/api/files/${fileId}`),
    );
    expect(deleted.status).toBe(204);
    const told = await socket.next((frame) => frame.type === "change" && frame.row?.id === messageId, 3_000);
    expect(told.op).toBe("update");
  });
});

describe("a change the rules judge, while the row changes under it", () => {
  it("a developer cannot move a task reassigned from them while their change waited", async () => {
    const developer = await server.signIn("tunde@lagosstudio.test");
    const { rows } = await side.query<{ id: string; status: string }>(
      "select id, status from tasks where title = 'Set up Paystack webhooks'",
    );
    const task = rows[0];
    if (!task) throw new Error("no seeded task");
    const otherDeveloperId = await userIdOf(server.db, "ngozi@lagosstudio.test");
    const moved = await whileHeldOpen(
      () => side.query("update tasks set assigned_to = $1 where id = $2", [otherDeveloperId, task.id]),
      () => developer.request("PATCH", `/api/tasks/${task.id}/status`, { status: "completed" }),
    );
    expect(moved.status).toBe(404);
    const after = await side.query<{ status: string }>("select status from tasks where id = $1", [task.id]);
    expect(after.rows[0]?.status).toBe(task.status);
  });

  it("a developer taken off a project while their message waited cannot post it", async () => {
    const developer = await server.signIn("tunde@lagosstudio.test");
    const developerId = await userIdOf(server.db, "tunde@lagosstudio.test");
    const { rows } = await side.query<{ projectId: string }>(
      `select project_id as "projectId" from project_developers where developer_id = $1 limit 1`,
      [developerId],
    );
    const projectId = rows[0]?.projectId;
    if (!projectId) throw new Error("the seed has no project for tunde");
    const text = "Sent as I leave the project";
    // As PATCH /api/admin/projects/:id takes a developer off: the project's row locked, then the assignment gone.
    const sent = await whileHeldOpen(
      async () => {
        await side.query("select id from projects where id = $1 for update", [projectId]);
        await side.query("delete from project_developers where project_id = $1 and developer_id = $2", [
          projectId,
          developerId,
        ]);
      },
      () => developer.request("POST", `/api/projects/${projectId}/messages`, { message: text, fileIds: [] }),
    );
    expect(sent.status).toBe(404);
    const kept = await side.query("select 1 from project_messages where message = $1", [text]);
    expect(kept.rowCount).toBe(0);
  });

  it("a client whose project moved to another client while their milestone waited cannot add it", async () => {
    const client = await server.signIn("chinedu@ezefoods.test");
    const projectId = await activeProjectId(server.db, "chinedu@ezefoods.test");
    const otherClientId = await userIdOf(server.db, "amaka@bellofashion.test");
    const title = "Added as the project moves";
    // As PATCH /api/admin/projects/:id gives a project to another client: the row locked, then changed.
    const added = await whileHeldOpen(
      async () => {
        await side.query("select id from projects where id = $1 for update", [projectId]);
        await side.query("update projects set client_id = $1 where id = $2", [otherClientId, projectId]);
      },
      () => client.request("POST", `/api/projects/${projectId}/milestones`, { title, amount: "1000" }),
    );
    const kept = await side.query("select 1 from milestones where title = $1", [title]);
    const clientId = await userIdOf(server.db, "chinedu@ezefoods.test");
    await side.query("update projects set client_id = $1 where id = $2", [clientId, projectId]);
    expect(added.status).toBe(404);
    expect(kept.rowCount).toBe(0);
  });

  it("a milestone deleted while an administrator's change waited is not found, and nothing is audited", async () => {
    const { rows } = await side.query<{ id: string }>("select id from milestones where title = 'Launch'");
    const milestoneId = rows[0]?.id;
    if (!milestoneId) throw new Error("no seeded milestone");
    const marked = await whileHeldOpen(
      () => side.query("delete from milestones where id = $1", [milestoneId]),
      () => admin.request("PATCH", `/api/milestones/${milestoneId}`, { paymentStatus: "paid" }),
    );
    expect(marked.status).toBe(404);
    const audited = await side.query("select 1 from audit_log where entity_id = $1 and action = 'milestone.update'", [
      milestoneId,
    ]);
    expect(audited.rowCount).toBe(0);
  });
});

describe("a milestone marked paid while its project is being deleted", () => {
  it("waits for the deletion before the milestone, in the deletion's order, and is not found", async () => {
    const clientId = await userIdOf(server.db, "chinedu@ezefoods.test");
    const { rows } = await side.query<{ project_id: string; milestone_id: string }>(
      `with project as (insert into projects (title, client_id) values ('Deleted while paid', $1) returning id)
       insert into milestones (project_id, title, amount_minor, created_by)
       select id, 'Paid while deleted', 100000, $1 from project returning project_id, id as milestone_id`,
      [clientId],
    );
    const [made] = rows;
    if (!made) throw new Error("no milestone");
    // The deletion, as the server runs one: the project locked, then its milestones.
    await side.query("begin");
    try {
      await side.query("select 1 from projects where id = $1 for update", [made.project_id]);
      const marking = tracked(
        admin.request("PATCH", `/api/milestones/${made.milestone_id}`, { paymentStatus: "paid" }),
      );
      await untilBlockedBy(server.db, sidePid, marking.settled);
      // The mark waits on the project, holding nothing the deletion needs: its milestones lock at once.
      await side.query("select 1 from milestones where project_id = $1 for update", [made.project_id]);
      await side.query("delete from milestones where project_id = $1", [made.project_id]);
      await side.query("delete from projects where id = $1", [made.project_id]);
      await side.query("commit");
      expect((await marking.promise).status).toBe(404);
    } catch (error) {
      await side.query("rollback");
      throw error;
    }
  });
});

describe("two projects' edits that swap a developer between them", () => {
  it("take the developers' rows first, so the second waits there instead of in a cycle over their counts", async () => {
    const clientId = await userIdOf(server.db, "chinedu@ezefoods.test");
    // Two developers of the test's own (another test here deactivates a seeded one).
    const tag = Date.now();
    const developers = await side.query<{ id: string }>(
      `insert into users (id, full_name, email, role, email_verified)
       values (gen_random_uuid()::text, 'Swap One', $1, 'developer', true), (gen_random_uuid()::text, 'Swap Two', $2, 'developer', true)
       returning id`,
      [`swap.one.${tag}@example.test`, `swap.two.${tag}@example.test`],
    );
    const [first, second] = developers.rows.map((row) => row.id) as [string, string];
    const project = async (title: string, developerId: string) => {
      const { rows } = await side.query<{ id: string }>(
        "insert into projects (title, client_id) values ($1, $2) returning id",
        [title, clientId],
      );
      const id = rows[0]?.id as string;
      await side.query(
        "insert into project_developers (project_id, developer_id, project_created_at) values ($1, $2, now())",
        [id, developerId],
      );
      return id;
    };
    const kept = await project("Swapped one", first);
    const other = await project("Swapped two", second);
    const edited = (await admin.request("GET", `/api/admin/projects/${kept}`)).json;
    // The other edit, under way: the second developer taken off its project (their running count
    // held), the first, who joins it, locked as existingPeople locks a developer joining.
    await side.query("begin");
    try {
      await side.query("select 1 from users where id = $1 for no key update", [first]);
      await side.query("delete from project_developers where project_id = $1 and developer_id = $2", [other, second]);
      const swapping = tracked(
        admin.request("PATCH", `/api/admin/projects/${kept}`, {
          title: edited.title,
          description: edited.description,
          clientId,
          developerIds: [second],
          status: edited.status,
          progress: edited.progress,
          startDate: edited.startDate,
          endDate: edited.endDate,
          expectedUpdatedAt: edited.updatedAt,
        }),
      );
      await untilBlockedBy(server.db, sidePid, swapping.settled);
      await side.query(
        "insert into project_developers (project_id, developer_id, project_created_at) values ($1, $2, now())",
        [other, first],
      );
      await side.query("commit");
      const swapped = await swapping.promise;
      expect(swapped.status, JSON.stringify(swapped.json)).toBe(200);
    } catch (error) {
      await side.query("rollback");
      throw error;
    }
  });
});

describe("a write the database settles", () => {
  it("a thread marked read while its project is deleted is a 409 saying so, not a 500, and nothing is written", async () => {
    const clientId = await userIdOf(server.db, "chinedu@ezefoods.test");
    const adminId = await userIdOf(server.db, "admin@lagosstudio.test");
    const { rows } = await side.query<{ id: string }>(
      "insert into projects (title, client_id) values ('Deleted while read', $1) returning id",
      [clientId],
    );
    const projectId = rows[0]?.id as string;
    const message = await side.query<{ id: string }>(
      "insert into project_messages (project_id, user_id, message) values ($1, $2, 'Read as it goes') returning id",
      [projectId, adminId],
    );
    const read = await whileHeldOpen(
      async () => {
        await side.query("select id from projects where id = $1 for update", [projectId]);
        await side.query("delete from projects where id = $1", [projectId]);
      },
      () => admin.request("PUT", `/api/projects/${projectId}/read`, { upTo: message.rows[0]?.id }),
    );
    expect(read.status).toBe(409);
    expect(read.json.error.message).toBe(RACED_REMOVAL);
    const kept = await side.query("select 1 from project_reads where project_id = $1", [projectId]);
    expect(kept.rowCount).toBe(0);
  });
});

describe("two plans created at once with one name", () => {
  it("the second waits for the first and takes the next slug and the next place", async () => {
    const input = {
      name: "Race Plan",
      category: "maintenance",
      price: "1000.00",
      period: "month",
      description: "",
      features: "One thing",
      isPopular: false,
      badge: "",
    };
    // The first, as the server creates one: its turn taken, its slug and place chosen, not yet committed.
    const created = await whileHeldOpen(
      async () => {
        await side.query("select pg_advisory_xact_lock(hashtext($1))", [PLAN_WRITES_LOCK]);
        await side.query(
          `insert into plans (slug, category, name, price_minor, sort_order)
           values ('race-plan', 'maintenance', 'Race Plan', 100000,
             (select coalesce(max(sort_order) + 1, 0) from plans where category = 'maintenance'))`,
        );
      },
      () => admin.request("POST", "/api/admin/plans", input),
    );
    expect(created.status).toBe(201);
    expect(created.json.slug).toBe("race-plan-2");
    const places = await side.query<{ n: number }>(
      "select count(distinct sort_order)::int as n from plans where category = 'maintenance' and name = 'Race Plan'",
    );
    expect(places.rows[0]?.n).toBe(2);
  });
});

describe("a person changed while a write that names them is under way", () => {
  it("a client renamed while a payment is being recorded for them: neither waits on the other in a cycle", async () => {
    // The payment, as the server records one: its audit entry written (the day's audit counter held),
    // its notification to the client next. The rename waits for that counter; the notification's
    // reference to the client must not wait for the rename's lock on them (FOR UPDATE did: deadlock).
    const [clientId] = await createClients(server.db, [
      { fullName: "Race Renamed", email: `race.renamed.${Date.now()}@example.test` },
    ]);
    const adminId = await userIdOf(server.db, "admin@lagosstudio.test");
    await side.query("begin");
    try {
      await side.query(
        `insert into audit_log (actor_id, action, entity, entity_id, details)
         values ($1, 'client.update', 'client', $2, '{}'::jsonb)`,
        [adminId, clientId],
      );
      const renaming = tracked(
        admin.request("PATCH", `/api/admin/clients/${clientId}`, { fullName: "Race Renamed Now" }),
      );
      await untilBlockedBy(server.db, sidePid, renaming.settled);
      await side.query(
        `insert into notifications (user_id, kind, title, link, entity, entity_id)
         values ($1, 'invoice', 'Payment received', '/portal/invoices', 'invoice', gen_random_uuid())`,
        [clientId],
      );
      await side.query("commit");
      const renamed = await renaming.promise;
      expect(renamed.status).toBe(200);
      expect(renamed.json.fullName).toBe("Race Renamed Now");
    } catch (error) {
      await side.query("rollback");
      throw error;
    }
  });
});

describe("a live subscribe that meets a role change", () => {
  it("is judged again as its person is now, when a re-check replaced their role while it was being judged", async () => {
    const demoted = await newPerson(server, "admin");
    const socket = await sockets.open(demoted.client);
    const key = ["projects", await activeProjectId(server.db, "chinedu@ezefoods.test"), "messages"];
    // The subscribe's check reads the project: held on the lock while the person is demoted and re-checked.
    await side.query("begin");
    let answer: Promise<LiveFrame> | undefined;
    try {
      await side.query("lock table projects in access exclusive mode");
      answer = socket.subscribe(key);
      await untilBlockedBy(server.db, sidePid);
      const demotion = await admin.request("PATCH", `/api/admin/staff/${demoted.id}`, { role: "developer" });
      expect(demotion.status).toBe(200);
      // The hub has re-checked them (it tells their tab to read its profile), before the check above ends.
      await socket.next((frame) => frame.type === "profile");
    } finally {
      await side.query("rollback");
    }
    // A developer on none of its projects: the thread is not theirs, whatever they were when they asked.
    expect(await answer).toMatchObject({ type: "error", code: "not_found" });
  });
});
