import { sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Config } from "../config";
import type { Db, Tx } from "../db";
import { pageLimit } from "../db/limit";
import { mailOutbox, mailQueue } from "../db/schema";
import { sqlTimestamp } from "../db/timestamp";
import { loggable } from "../http/errors";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The one link the mail is about (verification, reset); printed to the console in outbox mode. */
  link?: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
};

export type Mailer = {
  mode: "smtp" | "outbox";
  /**
   * Queues the mail and delivers it at once, awaiting the attempt, so callers
   * (auth, invitations) see it sent; a failed attempt stays queued and the
   * worker retries it instead of the caller failing or the mail being lost.
   */
  send(mail: Mail): Promise<void>;
  /**
   * The same, answering once the mail is queued: over SMTP its delivery goes on after. For the mails sent
   * only when an address has an account (a reset link, a verification link): an answer that waited for
   * another server's round trip would say by its time whether the address has one. Into the outbox (a
   * row of this database, as quick as the link's own) it is delivered before the answer, as by send.
   */
  sendBehind(mail: Mail): Promise<void>;
  /**
   * Delivers a mail queued in a transaction that has committed (`enqueueMail`), as `sendBehind` does: over
   * SMTP the answer does not wait for it (the worker retries it if this attempt fails).
   */
  deliverBehind(id: string): Promise<void>;
  /** One pass of the worker: delivers the due rows it can claim and runs the periodic jobs. `now` for tests. */
  runOnce(now?: Date): Promise<void>;
  /** Starts polling every MAIL_POLL_MS; `jobs` run on each pass after the queue (message digests, overdue invoices). */
  start(jobs?: ((now: Date) => Promise<void>)[]): void;
  /** Stops polling and waits for the pass under way. */
  stop(): Promise<void>;
};

/** Attempts before a mail is marked failed (kept, logged, never dropped). */
export const MAIL_MAX_ATTEMPTS = 8;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_CAP_MS = 60 * 60_000;
/** A claim's lease: longer than an SMTP attempt may take (the transport's own timeouts are shorter). */
const LEASE_MS = 5 * 60_000;
const SMTP_TIMEOUT_MS = 60_000;
const BATCH = 20;
/** Sent mail is kept this long (to answer "did it go?"), then deleted; failed mail is kept. */
const KEEP_SENT = "30 days";
const PRUNE_EVERY_MS = 60 * 60_000;

/** Wait after the n-th failed attempt (1-based): 30 s, 1 min, 2 min… capped at an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_CAP_MS);
}

/** Queues a mail inside the caller's transaction: it is delivered only once that transaction commits. */
export async function enqueueMail(tx: Db | Tx, mail: Mail, options: { sendAfter?: Date } = {}): Promise<string> {
  const [row] = await tx
    .insert(mailQueue)
    .values({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      link: mail.link ?? null,
      headers: mail.headers ?? (mail.replyTo ? { "Reply-To": mail.replyTo } : null),
      ...(options.sendAfter ? { sendAfter: options.sendAfter } : {}),
    })
    .returning({ id: mailQueue.id });
  if (!row) throw new Error("mail_queue insert returned nothing");
  return row.id;
}

type QueuedMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  link: string | null;
  headers: Record<string, string> | null;
  attempts: number;
};

type Transport = {
  mode: "smtp" | "outbox";
  /** Delivers the mail; `markSent` runs in the same transaction when the transport is the database itself. */
  deliver(mail: QueuedMail, markSent: (tx?: Tx) => Promise<void>): Promise<void>;
};

function smtpTransport(config: Config, smtpUrl: string): Transport {
  let transport: Promise<Transporter> | undefined;
  return {
    mode: "smtp",
    async deliver(mail, markSent) {
      transport ??= import("nodemailer").then(({ default: nodemailer }) =>
        nodemailer.createTransport({
          url: smtpUrl,
          connectionTimeout: SMTP_TIMEOUT_MS,
          greetingTimeout: SMTP_TIMEOUT_MS,
          socketTimeout: SMTP_TIMEOUT_MS,
        } as never),
      );
      const { "Reply-To": replyTo, ...headers } = mail.headers ?? {};
      await (await transport).sendMail({
        from: config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        replyTo,
        headers,
      });
      await markSent();
    },
  };
}

/**
 * `printLinks` outside production: a developer follows a sign-up or reset link from the console. In
 * production a log is read by more people, and kept longer, than the outbox's rules allow to read a
 * reset link (routes/outbox.ts), so it names the mail only.
 */
function outboxTransport(db: Db, log: (line: string) => void, printLinks: boolean): Transport {
  return {
    mode: "outbox",
    async deliver(mail, markSent) {
      // The capture and the sent mark commit together: a mail is in the outbox exactly once.
      await db.transaction(async (tx) => {
        await tx.insert(mailOutbox).values({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          link: mail.link,
          headers: mail.headers,
        });
        await markSent(tx);
      });
      log(`mail to ${mail.to}: ${mail.subject}${mail.link && printLinks ? ` -> ${mail.link}` : ""}`);
    },
  };
}

/**
 * Claims due rows: sets their lease in one statement over rows locked with
 * SKIP LOCKED, so two workers (two processes on one PostgreSQL) never take
 * the same row, and a row whose worker died is taken again after its lease.
 */
async function claim(db: Db, now: Date, only?: string): Promise<QueuedMail[]> {
  const { rows } = await db.execute<QueuedMail>(sql`
    update ${mailQueue} q set locked_until = ${sqlTimestamp(now)} + ${`${LEASE_MS} milliseconds`}::interval
    where q.id in (
      select id from ${mailQueue}
      where sent_at is null and failed_at is null
        and (locked_until is null or locked_until <= ${sqlTimestamp(now)})
        ${only ? sql`and id = ${only}` : sql`and send_after <= ${sqlTimestamp(now)}`}
      order by send_after
      limit ${pageLimit(BATCH)}
      for update skip locked)
    returning q.id, q."to", q.subject, q.text, q.html, q.link, q.headers, q.attempts`);
  return rows;
}

/**
 * One mailer for the whole product: SMTP when SMTP_URL is set, otherwise a
 * local outbox table that administrators (and the tests) can read. Every
 * mail goes through mail_queue (never lost, never sent twice, retried).
 */
export function createMailer(config: Config, db: Db, log: (line: string) => void): Mailer {
  const transport = config.smtpUrl
    ? smtpTransport(config, config.smtpUrl)
    : outboxTransport(db, log, config.env !== "production");
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let jobs: ((now: Date) => Promise<void>)[] = [];

  async function deliverOne(mail: QueuedMail, now: Date): Promise<boolean> {
    try {
      await transport.deliver(mail, async (tx) => {
        await (tx ?? db).execute(
          sql`update ${mailQueue} set sent_at = now(), locked_until = null, attempts = attempts + 1, last_error = null where id = ${mail.id}`,
        );
      });
      return true;
    } catch (error) {
      const attempts = mail.attempts + 1;
      // Without a failed query's parameters (the mail's link, a reset token among them): kept and logged.
      const message = String(loggable(error).message);
      const failed = attempts >= MAIL_MAX_ATTEMPTS;
      await db.execute(sql`
        update ${mailQueue} set attempts = ${attempts}, last_error = ${message.slice(0, 1000)}, locked_until = null,
          send_after = ${sqlTimestamp(now)} + ${`${backoffMs(attempts)} milliseconds`}::interval,
          failed_at = ${failed ? sqlTimestamp(now) : sql`null`}
        where id = ${mail.id}`);
      log(
        failed
          ? `mail to ${mail.to} failed for good after ${attempts} attempts (kept in mail_queue ${mail.id}): ${message}`
          : `mail to ${mail.to} failed (attempt ${attempts}, retried later): ${message}`,
      );
      return false;
    }
  }

  async function deliverDue(now: Date): Promise<void> {
    for (;;) {
      const claimed = await claim(db, now);
      for (const mail of claimed) await deliverOne(mail, now);
      if (claimed.length < BATCH || stopped) return;
    }
  }

  let prunedAt = 0;
  async function prune(now: Date) {
    if (now.getTime() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now.getTime();
    await db.execute(sql`delete from ${mailQueue} where sent_at < ${sqlTimestamp(now)} - ${KEEP_SENT}::interval`);
  }

  async function pass(now = new Date()): Promise<void> {
    await prune(now);
    await deliverDue(now);
    for (const job of jobs) await job(now);
    // A job may have queued mail (a digest): it goes out in this pass, not the next.
    if (jobs.length > 0) await deliverDue(now);
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass()
        .catch((error) => log(`mail worker pass failed: ${String(loggable(error).message)}`))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, config.mailPollMs);
    timer.unref();
  }

  /** Deliveries sendBehind left running, awaited by stop. */
  const behind = new Set<Promise<void>>();
  async function deliverNow(id: string): Promise<void> {
    const now = new Date();
    const [claimed] = await claim(db, now, id);
    if (claimed) await deliverOne(claimed, now);
  }

  async function deliverBehind(id: string): Promise<void> {
    if (transport.mode === "outbox") return deliverNow(id);
    // Left queued if this fails: the worker delivers it.
    const delivery = deliverNow(id)
      .catch((error) => log(`mail delivery failed, left to the worker: ${String(loggable(error).message)}`))
      .finally(() => behind.delete(delivery));
    behind.add(delivery);
  }

  return {
    mode: transport.mode,
    async send(mail) {
      await deliverNow(await enqueueMail(db, mail));
    },
    async sendBehind(mail) {
      await deliverBehind(await enqueueMail(db, mail));
    },
    deliverBehind,
    runOnce: (now) => pass(now),
    start(extraJobs = []) {
      jobs = extraJobs;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await Promise.all([running, ...behind]);
    },
  };
}
