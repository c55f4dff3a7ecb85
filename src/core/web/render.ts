// Sends a panel page in the frame (layout.ts), in the request's language, with its CSRF token.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Html } from './html.js';
import { page, type Section } from './layout.js';

export interface RenderOptions {
  title: string;
  body: Html;
  section?: Section;
  status?: number;
}

export function sendPage(req: FastifyRequest, reply: FastifyReply, o: RenderOptions): FastifyReply {
  const doc = page({
    lang: req.panelLang,
    title: o.title,
    body: o.body,
    user: req.panelUser,
    section: o.section,
    csrfToken: req.csrfToken,
    unreadLeads: req.unreadLeads,
  });
  return reply
    .code(o.status ?? 200)
    .type('text/html; charset=utf-8')
    .header('content-language', req.panelLang)
    .send(doc.value);
}

/** After a change: back to a page (303, so a reload does not send the form again). */
export function redirectTo(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(303).header('location', location).send();
}

/** A form's fields as strings (absent, repeated or non-text fields read as ''). */
export function formFields(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (body && typeof body === 'object') {
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      if (typeof v === 'string') out[k] = v;
    }
  }
  return out;
}

/** Whether a parsed query string has a parameter given more than once (parsed as an array). */
export function hasRepeatedParameter(query: unknown): boolean {
  return !!query && typeof query === 'object' && Object.values(query).some(Array.isArray);
}
