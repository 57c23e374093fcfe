import { sql } from "drizzle-orm";
import type { ServiceStatus } from "../../common/domain";
import type { Db, Tx } from "../db";

/**
 * A committed change that live views may need. Published with NOTIFY inside
 * the writing transaction, so Postgres delivers it only after commit, to every
 * server process sharing the database. Each carries the facts its live
 * collection needs to authorise the change even when the row is gone (a
 * delete) or has moved out of someone's scope (a task reassigned).
 */
export type Change =
  | { topic: "project_messages"; op: Op; id: string; projectId: string }
  | { topic: "milestones"; op: Op; id: string; projectId: string }
  /** A project file uploaded or deleted (issue #8). */
  | { topic: "project_files"; op: Op; id: string; projectId: string }
  | {
      topic: "tasks";
      op: Op;
      id: string;
      assignedTo: string | null;
      previousAssignedTo: string | null;
      /** The client whose project holds the task, after and before the change (null: on no project). */
      projectClientId: string | null;
      previousProjectClientId: string | null;
    }
  /**
   * `previousStatus`: the status before an update or delete, when the writer read it (a row inactive before
   * and after reaches no one). `relabelled`: set when the title orders show beside the service changed;
   * `orderClients`: the clients who ordered it.
   */
  | {
      topic: "services";
      op: Op;
      id: string;
      previousStatus?: ServiceStatus;
      relabelled?: { orderClients: NamedPeople };
    }
  | { topic: "service_orders"; op: Op; id: string; clientId: string }
  /**
   * `developerIds`: everyone assigned before or after the change, so one taken off the project hears it too;
   * `previousClientId`: the client before an update that moved the project to another client (issue #7).
   */
  | {
      topic: "projects";
      op: Op;
      id: string;
      clientId: string;
      developerIds: string[];
      previousClientId?: string | null;
      /**
       * Set when the title other lists show beside the project changed or went (a retitle, a
       * deletion): task and invoice lists name it. `taskAssignees`: who its tasks are assigned to.
       */
      relabelled?: { taskAssignees: NamedPeople };
      /**
       * Set when developers were assigned or taken off: their tasks on it may now open it, or not.
       * Those of `developerIds` it concerns are not named (the payload's bound).
       */
      assignmentsChanged?: true;
    }
  | { topic: "invoices"; op: Op; id: string; clientId: string; previousClientId: string | null }
  /** A person read a project's thread (`id` is the project): their unread badges change, in every tab. */
  | { topic: "project_reads"; op: Op; id: string; userId: string }
  /** A contact enquiry received or its status changed: administrators only. */
  | { topic: "enquiries"; op: Op; id: string }
  /** Any plan written: every process re-renders the public /plans and /contact documents (server/http/plan-pages.ts). */
  | { topic: "plans"; op: Op; id: string }
  /**
   * Someone added, removed, deactivated, reactivated, given another role or renamed: published by the
   * users table's triggers (migration 0040), whatever wrote it, sign-up included.
   */
  | { topic: "people"; op: Op; id: string }
  /** Notifications made or read (issue #8 item 4): only these people's bells refetch. */
  | { topic: "notifications"; op: Op; id: string; userIds: string[] };

export type Op = "insert" | "update" | "delete";
export type Topic = Change["topic"];

/**
 * People named in a change, or "many" past NAMED_PEOPLE_MAX: a NOTIFY payload holds 8,000
 * bytes, and a project's change already names up to 100 developers (~3,900 bytes).
 */
export type NamedPeople = string[] | "many";
export const NAMED_PEOPLE_MAX = 50;

export const namedInclude = (people: NamedPeople, userId: string) => people === "many" || people.includes(userId);

/**
 * How many distinct ids a read of the people to name takes: one past NAMED_PEOPLE_MAX tells "many",
 * and one more leaves room for the null a left join's distinct ids may hold.
 */
export const NAMED_PEOPLE_READ = NAMED_PEOPLE_MAX + 2;

/** The distinct ids such a read returned (a null among them dropped), as the people a change names. */
export function namedPeople(ids: readonly (string | null)[]): NamedPeople {
  const people = ids.filter((id): id is string => !!id);
  return people.length > NAMED_PEOPLE_MAX ? "many" : people;
}

export const CHANGES_CHANNEL = "app_changes";

export async function publishChange(db: Db | Tx, change: Change): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(change)})`);
}
