import type { Transporter } from "nodemailer";
import type { Config } from "../config";
import type { Db } from "../db";
import { mailOutbox } from "../db/schema";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The one link the mail is about (verification, reset); printed to the console in outbox mode. */
  link?: string;
  replyTo?: string;
};

export type Mailer = {
  mode: "smtp" | "outbox";
  send(mail: Mail): Promise<void>;
};

/**
 * One mailer for the whole product: SMTP when SMTP_URL is set, otherwise a
 * local outbox table that administrators (and the tests) can read.
 */
export function createMailer(config: Config, db: Db, log: (line: string) => void): Mailer {
  if (config.smtpUrl) {
    const smtpUrl = config.smtpUrl;
    let transport: Promise<Transporter> | undefined;
    return {
      mode: "smtp",
      async send(mail) {
        transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
        await (await transport).sendMail({
          from: config.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          replyTo: mail.replyTo,
        });
      },
    };
  }
  return {
    mode: "outbox",
    async send(mail) {
      await db.insert(mailOutbox).values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        link: mail.link ?? null,
      });
      log(`mail to ${mail.to}: ${mail.subject}${mail.link ? ` -> ${mail.link}` : ""}`);
    },
  };
}
