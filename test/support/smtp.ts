// A real SMTP server in the test process (smtp-server), receiving what the service sends
// through nodemailer, parsed with mailparser so tests read subjects, headers and bodies.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo: string | undefined;
  raw: string;
  parsed: ParsedMail;
}

export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  private waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  /** Answer the next N messages with a temporary failure (451), to test retries. */
  failNext = 0;
  private server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (this.failNext > 0) {
            this.failNext--;
            const err = new Error('try again later') as Error & { responseCode: number };
            err.responseCode = 451;
            callback(err);
            return;
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          void simpleParser(raw).then((parsed) => {
            const mail: ReceivedMail = {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              replyTo: parsed.replyTo?.value[0]?.address,
              raw,
              parsed,
            };
            this.received.push(mail);
            this.waiters = this.waiters.filter((w) => {
              if (!w.match(mail)) return true;
              w.resolve(mail);
              return false;
            });
            callback();
          }, callback);
        });
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The first message (already received or still to come) that matches, within `ms`. */
  waitFor(match: (m: ReceivedMail) => boolean, ms = 10_000): Promise<ReceivedMail> {
    const found = this.received.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching mail within ${ms} ms (received: ${this.received.map((m) => m.subject).join(' | ')})`)), ms);
      this.waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The first link to the panel in a message's text. */
export function panelLink(mail: ReceivedMail): string {
  const m = /https?:\/\/\S+\/panel\/\S+/.exec(mail.text);
  if (!m) throw new Error(`no panel link in: ${mail.text}`);
  return m[0];
}
