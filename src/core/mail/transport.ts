// How a message leaves: nodemailer over SMTP_URL, or, without one, an .eml file per message in
// DATA_DIR/mail/ (D28), so a laptop install loses nothing and a developer can open what was
// sent. The SMTP server is the operator's own (configuration, not user input), so it is not
// subject to the outbound fetcher's address rules, which guard URLs that dealers supply.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SendMailOptions, Transporter } from 'nodemailer';
import { ensurePrivateDir } from '../private-files.js';

export interface MailEnvelope {
  id: number;
  to: string;
  replyTo: string | null;
  /** Sent From this name at MAIL_FROM's address (null: MAIL_FROM as configured). */
  fromName?: string | null;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  /** Where messages go, for the log: `smtp://host:port` (no credentials) or the folder. */
  readonly description: string;
  send(mail: MailEnvelope): Promise<void>;
  close(): void;
}

export interface MailTransportOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  /** Per-message limit for connecting and talking to the SMTP server. */
  timeoutMs?: number;
}

/** MAIL_FROM's address ("Name <a@b>" or "a@b"). */
const addressOf = (from: string): string => /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

/**
 * The From of a message: MAIL_FROM, or another display name at its address (P103). nodemailer
 * quotes the name and encodes it (RFC 2047) when it needs to: a name is never a header's syntax.
 */
function fromHeader(from: string, name: string | null | undefined): SendMailOptions['from'] {
  const clean = (name ?? '').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return clean ? { name: clean, address: addressOf(from) } : from;
}

function message(from: string, mail: MailEnvelope): SendMailOptions {
  return {
    from: fromHeader(from, mail.fromName),
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // A stable id: a retried message is recognisably the same one.
    messageId: `<mail-${mail.id}@${from.replace(/^.*@/, '').replace(/>.*$/, '')}>`,
  };
}

/**
 * nodemailer (about 10 MB once loaded) is loaded with the first message, not at start (P44):
 * most processes send none for a long while, or ever.
 */
function lazyTransporter(options: Parameters<(typeof import('nodemailer'))['createTransport']>[0]) {
  let made: Promise<Transporter> | undefined;
  let closed = false;
  return {
    get: () =>
      (made ??= import('nodemailer').then(({ default: nodemailer }) => {
        const t = nodemailer.createTransport(options) as Transporter;
        if (closed) t.close();
        return t;
      })),
    close: () => {
      closed = true;
      void made?.then((t) => t.close());
    },
  };
}

export function createMailTransport(opts: MailTransportOptions): MailTransport {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  if (opts.smtpUrl) {
    const url = new URL(opts.smtpUrl);
    const transporter = lazyTransporter({
      host: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
      secure: url.protocol === 'smtps:',
      ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      pool: true,
      maxConnections: 2,
    });
    return {
      description: `${url.protocol}//${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
      async send(mail) {
        await (await transporter.get()).sendMail(message(opts.from, mail));
      },
      close: transporter.close,
    };
  }
  const dir = path.join(opts.dataDir, 'mail');
  const writer = lazyTransporter({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: dir,
    async send(mail) {
      const info = await (await writer.get()).sendMail(message(opts.from, mail));
      ensurePrivateDir(dir);
      const file = path.join(dir, `${String(mail.id).padStart(8, '0')}-${mail.subject.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 40)}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
    },
    close: writer.close,
  };
}
