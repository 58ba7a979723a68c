import nodemailer from "nodemailer";
import type { Config } from "../config";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** False when SMTP_URL is unset: nothing is sent, and screens that need email say so. */
  readonly enabled: boolean;
  /** Hands the message to the SMTP server; throws when it refuses (the job retries). */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Email over SMTP through nodemailer when SMTP_URL is set; off otherwise (DESIGN §8). */
export function createMailer(config: Pick<Config, "smtpUrl" | "mailFrom">): Mailer {
  if (!config.smtpUrl) {
    return {
      enabled: false,
      async send() {
        throw new Error("Email is off: SMTP_URL is not set");
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    enabled: true,
    async send(mail) {
      await transport.sendMail({ from: config.mailFrom, ...mail });
    },
    close: () => transport.close(),
  };
}
