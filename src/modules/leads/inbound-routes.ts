// POST /inbound/mail (D40, P205): a buyer's answer to a lead's reply address, handed over by a
// mail provider's inbound hook or the operator's relay as the raw message
// (`Content-Type: message/rfc822`), with `Authorization: Bearer <INBOUND_MAIL_SECRET>`. Outside
// /v1 and the OpenAPI document: it is the operator's plumbing, not the integrators' API.
// 202 { accepted: true, lead_id } whether the message was added, a duplicate, automatic or
// empty (the sender must not retry any of them); 404 no reply address; 401 no or wrong secret
// (or none configured); 400 unreadable; 413 over 10 MB. Every answer in the Error shape (D22).
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../core/errors.js';
import { msg } from '../../core/i18n/index.js';
import { bearerMatches } from '../../core/metrics/access.js';
import { INBOUND_MAIL_MAX_BYTES, readInboundMail, UnreadableMail } from './inbound.js';
import { receiveInboundMail, unreadableMail, type LeadDeps } from './service.js';

export interface InboundRouteDeps extends LeadDeps {
  inboundMailSecret: string | undefined;
}

const unauthorized = () => new ApiError('unauthorized', msg('inbound_unauthorized'));

export const inboundMailRoutes: FastifyPluginAsync<{ deps: InboundRouteDeps }> = async (app, { deps }) => {
  // The raw message as bytes (its charset is the MIME's business); only in this plugin.
  app.addContentTypeParser(
    ['message/rfc822', 'text/plain', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: INBOUND_MAIL_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );
  app.post(
    '/inbound/mail',
    {
      schema: { hide: true },
      bodyLimit: INBOUND_MAIL_MAX_BYTES,
      // The secret is checked before the body is read: a stranger's 10 MB are not parsed.
      onRequest: async (req) => {
        const secret = deps.inboundMailSecret;
        if (secret === undefined || !bearerMatches(req.headers.authorization, secret)) throw unauthorized();
      },
    },
    async (req, reply) => {
      const raw = req.body;
      if (!Buffer.isBuffer(raw) || raw.length === 0) throw unreadableMail();
      let mail;
      try {
        mail = await readInboundMail(raw);
      } catch (err) {
        if (err instanceof UnreadableMail) throw unreadableMail();
        throw err;
      }
      const result = await receiveInboundMail(deps, mail);
      req.log.info({ lead_id: result.leadId, outcome: result.outcome, attachments: mail.attachments }, 'inbound mail');
      return reply.code(202).header('cache-control', 'no-store').send({ accepted: true, lead_id: result.leadId });
    },
  );
};
