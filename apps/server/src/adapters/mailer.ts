import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail is about, logged when mails go to the outbox. */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailLog {
  info(message: string): void;
}

/** Sends through the SMTP server at `smtpUrl`. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, text, html }) {
      await transport.sendMail({ from, to, subject, text, html });
    },
  };
}

/**
 * Without an SMTP server, each mail becomes an .eml file in `outbox` (any mail program opens it)
 * and its link is logged, so a local studio can still invite and reset passwords.
 */
export function createOutboxMailer(outbox: string, from: string, log: MailLog): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  let sequence = 0;
  return {
    async send({ to, subject, text, html, link }) {
      const info = await transport.sendMail({ from, to, subject, text, html });
      await mkdir(outbox, { recursive: true });
      sequence += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${String(sequence).padStart(4, '0')}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info(`Mail to ${to} written to ${file}${link ? `: ${link}` : ''}`);
    },
  };
}
