// The outbox (D28): a message is a row plus a `mail.send` job, written in the transaction of
// the change that causes it (an invitation with its user, a reply with its conversation), so a
// message is never lost nor sent for a change that rolled back.
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { DB, MailRow } from '../db/schema.js';
import { enqueue } from '../jobs/queue.js';

export interface OutgoingMail {
  /** What the message is (invite, reset, lead_notice, reply…): logged, never the body. */
  kind: string;
  to: string;
  replyTo?: string | null;
  /** The display name to send From, the address staying MAIL_FROM's (a reply: the dealership's name, P103). */
  fromName?: string | null;
  subject: string;
  text: string;
  html: string;
  dealerId?: number | null;
}

/** Attempts before a message is given up (about a day with the backoff below). */
export const MAIL_MAX_ATTEMPTS = 12;

export async function queueMail(db: Kysely<DB>, clock: Clock, mail: OutgoingMail): Promise<number> {
  const row = await db
    .insertInto('mails')
    .values({
      dealer_id: mail.dealerId ?? null,
      kind: mail.kind,
      to_address: mail.to,
      reply_to: mail.replyTo ?? null,
      from_name: mail.fromName ?? null,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      status: 'queued',
      last_error: null,
      created_at: clock.now(),
      sent_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await enqueue(db, clock, 'mail.send', { mail_id: id }, { maxAttempts: MAIL_MAX_ATTEMPTS });
  return id;
}

export async function findMail(db: Kysely<DB>, id: number): Promise<MailRow | undefined> {
  return db.selectFrom('mails').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Sent: the body is erased (it may hold a one-time link or a buyer's words). */
export async function markMailSent(db: Kysely<DB>, id: number, now: number, attempts: number): Promise<void> {
  await db
    .updateTable('mails')
    .set({ status: 'sent', sent_at: now, attempts, text_body: null, html_body: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

export async function markMailAttempt(db: Kysely<DB>, id: number, attempts: number, error: string, failed: boolean): Promise<void> {
  await db
    .updateTable('mails')
    .set({ attempts, last_error: error.slice(0, 500), ...(failed ? { status: 'failed' as const, text_body: null, html_body: null } : {}) })
    .where('id', '=', id)
    .execute();
}

/** Messages given up on, newest first: what the operator looks at (`mail failed`). */
export async function failedMails(db: Kysely<DB>, limit: number): Promise<MailRow[]> {
  return db.selectFrom('mails').selectAll().where('status', '=', 'failed').orderBy('id', 'desc').limit(limit).execute();
}
