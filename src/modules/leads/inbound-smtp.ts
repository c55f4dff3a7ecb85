// The SMTP way in of buyers' answers (D40, P201): with INBOUND_SMTP_PORT set, the server process
// (src/server.ts; not a worker-only one) listens there on HOST with smtp-server (nodemailer's,
// the server side of the library the service sends with). It takes `RCPT TO` only for a live
// reply address of MAIL_REPLY_DOMAIN (others 550), messages up to 10 MB (SIZE announced; more:
// 552), and answers a message it cannot read with 554, a store that fails with 451 (the
// sending server retries). No AUTH, no STARTTLS: the port is for the operator's relay (Postfix
// in front, which does TLS and spam filtering) or a network that reaches only it (docs/deploy.md).
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { SMTPServer } from 'smtp-server';
import { ApiError } from '../../core/errors.js';
import { INBOUND_MAIL_MAX_BYTES, readInboundMail, UnreadableMail } from './inbound.js';
import { inboundLead, receiveInboundMail, type LeadDeps } from './service.js';

export interface InboundSmtp {
  port: number;
  close(): Promise<void>;
}

/** An SMTP reply with its code (smtp-server reads `responseCode`). */
const smtpError = (code: number, text: string): Error => Object.assign(new Error(text), { responseCode: code });

export async function startInboundSmtp(deps: LeadDeps, o: { host: string; port: number; domain: string; log: FastifyBaseLogger }): Promise<InboundSmtp> {
  // Loaded here, by the one process that listens (P261): not at every start.
  const { SMTPServer } = await import('smtp-server');
  const server: SMTPServer = new SMTPServer({
    name: o.domain,
    banner: 'reply addresses only',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: INBOUND_MAIL_MAX_BYTES,
    maxClients: 100,
    socketTimeout: 60_000,
    closeTimeout: 5_000,
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      inboundLead(deps, [address.address.toLowerCase()]).then(
        () => callback(),
        (err: unknown) => callback(err instanceof ApiError && err.status === 404 ? smtpError(550, 'No such reply address') : smtpError(451, 'Try again later')),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= INBOUND_MAIL_MAX_BYTES) chunks.push(c);
      });
      stream.on('error', () => callback(smtpError(451, 'Try again later')));
      stream.on('end', () => {
        if (stream.sizeExceeded || size > INBOUND_MAIL_MAX_BYTES) {
          callback(smtpError(552, 'Message exceeds the 10 MB limit'));
          return;
        }
        const from = session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address;
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        readInboundMail(Buffer.concat(chunks), from)
          // The envelope's recipients are where it was delivered, whatever its headers say.
          .then((mail) => receiveInboundMail(deps, { ...mail, recipients: [...to, ...mail.recipients] }))
          .then(
            (r) => {
              o.log.info({ lead_id: r.leadId, outcome: r.outcome }, 'inbound mail');
              callback();
            },
            (err: unknown) => {
              if (err instanceof UnreadableMail) callback(smtpError(554, 'Message not readable'));
              else if (err instanceof ApiError && err.status === 404) callback(smtpError(550, 'No such reply address'));
              else {
                o.log.error({ err }, 'inbound mail failed');
                callback(smtpError(451, 'Try again later'));
              }
            },
          );
      });
    },
  });
  server.on('error', (err) => o.log.warn({ err }, 'inbound smtp connection error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(o.port, o.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
