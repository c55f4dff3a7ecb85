// The `mail.send` task: one attempt to send one message of the outbox. Retried with backoff
// (1 min doubling, at most 2 h, MAIL_MAX_ATTEMPTS times); a message finally given up is marked
// failed and logged at error level without its body, for the operator (`cli mail failed`).
import type { Clock } from '../clock.js';
import type { Store } from '../db/store.js';
import type { JobWorker } from '../jobs/worker.js';
import { MAIL_MAX_ATTEMPTS, findMail, markMailAttempt, markMailSent } from './outbox.js';
import type { MailTransport } from './transport.js';

export function defineMailSending(jobs: JobWorker, deps: { store: Store; clock: Clock; mailer: MailTransport }): void {
  const { store, clock, mailer } = deps;
  jobs.define('mail.send', {
    backoff: (attempt) => Math.min(60_000 * 2 ** (attempt - 1), 2 * 3_600_000),
    async handler({ mail_id }, { attempt, log }) {
      const mail = await findMail(store.db, mail_id);
      if (!mail || mail.status !== 'queued' || mail.text_body === null) return;
      try {
        await mailer.send({
          id: Number(mail.id),
          to: mail.to_address,
          replyTo: mail.reply_to,
          fromName: mail.from_name,
          subject: mail.subject,
          text: mail.text_body,
          html: mail.html_body ?? '',
        });
      } catch (err) {
        // A refusal may quote the recipient (a buyer's address): neither the log nor the row keeps it.
        const reason = (err instanceof Error ? err.message : String(err)).replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '<address>');
        const last = attempt >= MAIL_MAX_ATTEMPTS;
        await markMailAttempt(store.db, mail_id, attempt, reason, last);
        if (last) log.error({ mail_id, kind: mail.kind, reason }, 'mail given up');
        else log.warn({ mail_id, kind: mail.kind, attempt, reason }, 'mail not sent; will retry');
        throw err;
      }
      await markMailSent(store.db, mail_id, clock.now(), attempt);
      log.info({ mail_id, kind: mail.kind, via: mailer.description }, 'mail sent');
    },
  });
}
