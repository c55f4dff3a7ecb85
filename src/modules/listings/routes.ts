// The public pages and the buyer form (D19), outside /v1 and without a key:
//   GET  /listings/{listing_id}             the car's page (service.ts says what each status shows)
//   POST /listings/{listing_id}/inquiries   a buyer's message: a form post (→ 303 to the thank-you
//                                           page, or the page again with the problems, 400) or JSON
//                                           (→ 201 { result: "received" }, or the Error shape)
//   GET  /listings/{listing_id}/thanks      the thank-you page
//   GET  /dealers/{slug}                    a dealership's storefront (D36, P86)
//   GET  /dealers/{slug}/contact/{channel}  302 to its phone or WhatsApp (P133)
//   GET  /robots.txt, /sitemap.xml, /sitemaps/{file}.xml, /favicon.ico, /   the site around them (P85)
//   GET  /assets/gallery.{hash}.js   the car page's gallery script (P145)
import { GALLERY_SCRIPT, galleryScriptPath } from './gallery-script.js';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Clock } from '../../core/clock.js';
import type { Store } from '../../core/db/store.js';
import { ApiError } from '../../core/errors.js';
import { msg, pickLang } from '../../core/i18n/index.js';
import { toApiError } from '../../core/http/error-handler.js';
import { requireBody } from '../../core/http/json-body.js';
import type { RateLimitStore } from '../../core/http/rate-limit.js';
import { bodyRef, errorResponses } from '../../core/http/schemas.js';
import { redactText } from '../../core/logger.js';
import { checkInquiry, inquiryProblem } from '../leads/inquiry.js';
import { InquiryInputSchema } from '../leads/schemas.js';
import { carNotFound, receiveInquiry, assertTakesInquiries } from '../leads/service.js';
import { GONE_STATUSES } from '../vehicles/schemas.js';
import { listingUrl } from '../vehicles/serialize.js';
import { localeOf, type PageLocale } from './locale.js';
import { listingPage, messagePage, notYetPage, storefrontPage, thanksPage } from './page.js';
import { loadStorefront } from './storefront.js';
import { findDealerBySlug } from '../dealers/repository.js';
import { findListing, type ListingRow } from './repository.js';
import { pickEncoding } from './encoding.js';
import { encodedPage, LISTING_ID, LISTING_ID_DOC, ListingPages, renderGone, type Page } from './service.js';
import { FAVICON, homePage, robotsTxt, SITEMAP_MAX_URLS, sitemapFile, sitemapRoot, wholeOrStream } from './site.js';
import type { StatsCounting } from '../stats/counting.js';
import { contactTarget, dealerContactTarget, type OnContact } from './contact.js';
import { previewDealerOf } from '../users/session.js';

export interface ListingDeps {
  store: Store;
  clock: Clock;
  publicBaseUrl: string;
  /** Where photo URLs redirect to (PHOTO_PUBLIC_BASE_URL's origin), admitted for images. */
  photoOrigin: string | undefined;
  limiter: RateLimitStore;
  /** Inquiries accepted per client address in any hour (INQUIRIES_PER_HOUR). */
  inquiriesPerHour: number;
  /** Counts the views of car pages and the contacts of their redirects (D34, P152). */
  stats: Pick<StatsCounting, 'countView' | 'countContact'>;
  /** Called on each contact redirect instead of the statistics (tests watch the redirects so). */
  onContact?: OnContact;
  /** URLs in one sitemap file (default the protocol's 50 000; tests make it small, P85). */
  sitemapPageSize?: number | undefined;
}

/** Inquiry bodies are small: four short fields and a message of at most 2000 characters. */
const INQUIRY_BODY_LIMIT = 16 * 1024;
const HOUR = 3_600_000;
/** P256: how long a sitemap made whole is kept, how long it may be, and how many are kept. */
const SITEMAP_KEEP_MS = 60_000;
const SITEMAP_WHOLE_CHARS = 1 << 20;
const SITEMAPS_KEPT = 32;

const isForm = (req: FastifyRequest): boolean => (req.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');

type Params = { listing_id: string };

export const listingRoutes: FastifyPluginAsync<{ deps: ListingDeps }> = async (app, { deps }) => {
  const { store, publicBaseUrl } = deps;
  const pages = new ListingPages(store.db, publicBaseUrl, deps.clock);
  const origin = new URL(publicBaseUrl).origin;
  // One script runs on these pages, the car page's gallery (P145), from its own address only;
  // images come from our photo URLs only (and where they redirect to, PHOTO_PUBLIC_BASE_URL: the
  // policy checks the final address). connect-src 'self': crawlers' auditors (Lighthouse) read
  // /robots.txt from within the page (P116).
  const images = deps.photoOrigin && deps.photoOrigin !== origin ? `${origin} ${deps.photoOrigin}` : origin;
  const csp = `default-src 'none'; script-src 'self' ${origin}; img-src 'self' ${images}; style-src 'unsafe-inline'; connect-src 'self' ${origin}; form-action 'self' ${origin}; base-uri 'none'; frame-ancestors 'none'`;

  const sendHtml = (reply: FastifyReply, status: number, body: string | Buffer, cacheControl: string, noindex: boolean, etag?: string) => {
    if (etag) reply.header('etag', etag);
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', cacheControl)
      .header('content-security-policy', csp)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'strict-origin-when-cross-origin');
    if (noindex) reply.header('x-robots-tag', 'noindex');
    return reply.send(body);
  };
  /** A cached page, compressed when the client accepts it, or 304 when it has this copy. */
  const sendCachedPage = (req: FastifyRequest, reply: FastifyReply, p: Page) => {
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const { body, etag } = encoding ? encodedPage(p, encoding) : p;
    reply.header('vary', 'accept-encoding');
    if (req.headers['if-none-match'] === etag) return reply.code(304).header('etag', etag).header('cache-control', p.cacheControl).send();
    if (encoding) reply.header('content-encoding', encoding);
    return sendHtml(reply, p.status, body, p.cacheControl, p.noindex, etag);
  };
  const noStore = (reply: FastifyReply, status: number, text: string) => sendHtml(reply, status, text, 'no-store', true);
  /** 404: no such car (or dealership), in the visitor's language with cars to go on with (P199). */
  const sendNotFound = async (req: FastifyRequest, reply: FastifyReply, kind: 'listing' | 'dealer' = 'listing', cacheControl?: string) => {
    const p = await pages.notFound(req.headers['accept-language'], kind);
    reply.header('vary', 'accept-language');
    return sendHtml(reply, p.status, p.body, cacheControl ?? p.cacheControl, p.noindex, p.etag);
  };
  // A sandbox car (D35) takes no buyer's message here: it is not public (POST /v1/sandbox/leads makes one).
  const lookup = async (id: string): Promise<ListingRow | undefined> => {
    const row = LISTING_ID.test(id) ? (await findListing(store.db, id))[0] : undefined;
    return row && row.dealer_sandbox_of === null ? row : undefined;
  };

  // Form posts: fields as text; a field sent twice counts once (the first).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const out: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const [k, v] of new URLSearchParams(body as string)) if (!(k in out)) out[k] = v;
    done(null, out);
  });

  // Errors: a page for page views and form posts, the Error shape for JSON posts. Form posts
  // get here before their handler (rate limit, body too large, unreadable body).
  app.setErrorHandler(async (err, req, reply) => {
    const e = toApiError(err as Error);
    if (e.status >= 500) req.log.error({ err }, 'request failed');
    else req.log.info({ code: e.code }, redactText(e.message));
    if (e.headers) reply.headers(e.headers);
    if (req.method === 'POST' && !isForm(req))
      return reply.code(e.status).type('application/json; charset=utf-8').header('content-language', req.lang).send(e.toBody(req.lang));
    const row = e.status < 500 ? await lookup((req.params as Partial<Params>).listing_id ?? '').catch(() => undefined) : undefined;
    const back = row ? listingUrl(publicBaseUrl, row.listing_id) : undefined;
    if (req.method !== 'POST')
      return noStore(
        reply,
        e.status,
        messagePage(
          row?.market,
          (l) => l.t.failedTitle,
          (l) => l.t.failedBody,
          back,
        ),
      );
    const wait = Number(e.headers?.['retry-after'] ?? 60);
    const text = (l: PageLocale) =>
      e.code === 'rate_limited' ? l.t.rateLimited(Math.max(1, Math.ceil(wait / 60))) : e.code === 'payload_too_large' ? l.t.tooLarge : l.t.notSent;
    return noStore(
      reply,
      e.status,
      messagePage(row?.market, (l) => l.t.notSent, text, back),
    );
  });

  // The site around the car pages (D36, P85).
  const sitemapPageSize = Math.min(deps.sitemapPageSize ?? SITEMAP_MAX_URLS, SITEMAP_MAX_URLS);
  const SITEMAP_FILE = /^(cars|dealers)-(0|[1-9][0-9]{0,14})\.xml$/;
  // P256: a sitemap of up to 1 MB (about 10 000 URLs) is made whole and kept a minute per name
  // (crawlers are told an hour); a larger one streams as it is read and is never held.
  const kept = new Map<string, { body: string; at: number }>();
  const sendXml = async (reply: FastifyReply, name: string, make: () => AsyncGenerator<string>) => {
    const now = deps.clock.now();
    const hit = kept.get(name);
    let body: string | Readable;
    if (hit && now >= hit.at && now - hit.at < SITEMAP_KEEP_MS) body = hit.body;
    else {
      body = await wholeOrStream(make(), SITEMAP_WHOLE_CHARS);
      if (typeof body === 'string') {
        kept.delete(name);
        kept.set(name, { body, at: now });
        if (kept.size > SITEMAPS_KEPT) kept.delete(kept.keys().next().value!);
      }
    }
    return reply
      .code(200)
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  };

  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robotsTxt(publicBaseUrl)),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) =>
    sendXml(reply, 'root', () => sitemapRoot(store.db, publicBaseUrl, sitemapPageSize)),
  );
  app.get<{ Params: { name: string } }>('/sitemaps/:name', { schema: { hide: true } }, async (req, reply) => {
    const m = SITEMAP_FILE.exec(req.params.name);
    if (!m) return sendNotFound(req, reply);
    return sendXml(reply, req.params.name, () => sitemapFile(store.db, publicBaseUrl, m[1] as 'cars' | 'dealers', Number(m[2]), sitemapPageSize));
  });
  app.get(galleryScriptPath, { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type(GALLERY_SCRIPT.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(GALLERY_SCRIPT.body),
  );
  app.get('/favicon.ico', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('image/x-icon').header('cache-control', 'public, max-age=604800').header('x-content-type-options', 'nosniff').send(FAVICON),
  );
  app.get('/', { schema: { hide: true } }, async (req, reply) => {
    reply.header('vary', 'accept-language');
    return sendHtml(reply, 200, homePage(publicBaseUrl, pickLang(req.headers['accept-language'], 'es')), 'public, max-age=3600', false);
  });

  // A dealership's storefront (D36, P86).
  const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
  app.get<{ Params: { slug: string }; Querystring: Record<string, unknown> }>('/dealers/:slug', { schema: { hide: true } }, async (req, reply) => {
    const slug = req.params.slug;
    const dealer = slug.length <= 64 && SLUG.test(slug) ? await findDealerBySlug(store.db, slug) : undefined;
    if (!dealer) return sendNotFound(req, reply, 'dealer');
    const sf = await loadStorefront(store.db, dealer, req.query);
    if (sf.problems.length) return noStore(reply, 400, storefrontPage(sf, publicBaseUrl));
    const noindex = Object.values(sf.form).some(Boolean) || sf.paged;
    return sendHtml(reply, 200, storefrontPage(sf, publicBaseUrl), 'public, max-age=60', noindex);
  });

  // P133: the storefront's phone and WhatsApp buttons, as a car's (contact.ts); not counted.
  app.get<{ Params: { slug: string; channel: string } }>('/dealers/:slug/contact/:channel', { schema: { hide: true } }, async (req, reply) => {
    const slug = req.params.slug;
    const dealer = slug.length <= 64 && SLUG.test(slug) ? await findDealerBySlug(store.db, slug) : undefined;
    const location = dealerContactTarget(dealer, publicBaseUrl, req.params.channel);
    if (!location) return sendNotFound(req, reply, 'dealer', 'no-store');
    return reply.code(302).header('location', location).header('cache-control', 'no-store').header('x-robots-tag', 'noindex').send();
  });

  app.get<{ Params: Params }>('/listings/:listing_id', { schema: { hide: true } }, async (req, reply) => {
    // A sandbox car (D35) is shown to the live dealership's signed-in people only.
    const p = await pages.get(req.params.listing_id, () => previewDealerOf(deps, req.headers.cookie));
    if (!p) return sendNotFound(req, reply);
    // A view (D34): a 200 page (a 304 is that page, revalidated); countView decides who counts.
    if (p.car) deps.stats.countView(req, p.car);
    return sendCachedPage(req, reply, p);
  });

  // D34, P84: the buyers' phone and WhatsApp links go through here (contact.ts). Every request
  // is redirected (bots and HEAD too); countContact decides who counts, as for views (P152).
  const onContact: OnContact = deps.onContact ?? ((_id, channel, req, car) => deps.stats.countContact(req, car, channel));
  app.get<{ Params: Params & { channel: string } }>('/listings/:listing_id/contact/:channel', { schema: { hide: true } }, async (req, reply) => {
    const id = req.params.listing_id;
    const target = LISTING_ID.test(id) ? await contactTarget(store.db, publicBaseUrl, id, req.params.channel) : undefined;
    if (!target) return sendNotFound(req, reply);
    onContact(id, target.channel, req, target.car);
    return reply.code(302).header('location', target.location).header('cache-control', 'no-store').header('x-robots-tag', 'noindex').send();
  });

  app.get<{ Params: Params; Querystring: { sent?: unknown } }>('/listings/:listing_id/thanks', { schema: { hide: true } }, async (req, reply) => {
    const row = await lookup(req.params.listing_id);
    if (!row) return sendNotFound(req, reply);
    // D40, P206: what the buyer gave (the form's redirect says it): a copy by e-mail, or a call.
    const sent = req.query.sent === 'email' || req.query.sent === 'phone' ? req.query.sent : undefined;
    return noStore(reply, 200, thanksPage(row, publicBaseUrl, sent));
  });

  // CORS preflight of a JSON post from another site's page (not counted by the limit).
  const preflight = async (_req: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'POST')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '86400')
      .send();
  app.options('/listings/:listing_id/inquiries', { schema: { hide: true } }, preflight);
  app.options('/v1/listings/:listing_id/inquiries', { schema: { hide: true } }, preflight);

  const inquiryOptions = {
    schema: {
      operationId: 'createInquiry',
      tags: ['Leads'],
      summary: "A buyer's message about a car: the listing page's form, or a headless/JS integration",
      description: [
        'Public, without a key (D19). Served at two addresses, the same endpoint (P91): here under {base_url}, where a client generated from this document calls it,',
        "and at `$PUBLIC_BASE_URL/listings/{listing_id}/inquiries`, the listing page's own form address.",
        'Send `name`, `message` (1–2000 characters) and `email` or `phone` (at least one), as JSON or as a form',
        '(`application/x-www-form-urlencoded`). JSON answers 201 `{ "result": "received" }` (nothing sent is echoed) or the Error shape:',
        '400 `invalid_request` with `fields` (every problem: control characters other than line breaks and tabs in `message`, and invisible formatting characters — zero-width, bidirectional — in any field, are refused),',
        'also for a car no longer for sale (sold, withdrawn, expired);',
        '404 `not_found` for an unknown listing or a car not public yet (importing_photos, in_review); 413 over 16 KB;',
        '429 `rate_limited` with Retry-After over INQUIRIES_PER_HOUR (default 20) messages per client address in any hour.',
        'A form post answers 303 to the thank-you page `…/listings/{listing_id}/thanks`, or an HTML page with the same statuses.',
        'The first message of a buyer about a car creates a lead (and `lead.created`); later ones with the same e-mail or phone add to it.',
        'The `website` field is a honeypot: when filled, the answer is the same and nothing is stored.',
      ].join(' '),
      security: [],
      consumes: ['application/json', 'application/x-www-form-urlencoded'],
      params: Type.Object({ listing_id: Type.String({ description: "The car's listing_id (from its Vehicle `url`).", ...LISTING_ID_DOC }) }),
      body: bodyRef(InquiryInputSchema),
      response: {
        201: Type.Ref('InquiryResult'),
        303: { type: 'null', description: 'A form post (application/x-www-form-urlencoded) was received: Location is the thank-you page.' },
        ...errorResponses(400, 404, 413, 429),
      },
    },
    bodyLimit: INQUIRY_BODY_LIMIT,
    // Counted per client address before the body is read: bots are turned away cheaply.
    onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
      // Callable from any site's JavaScript: public, no credentials, nothing to read back.
      reply.header('access-control-allow-origin', '*');
      const d = await deps.limiter.hit(`inquiry:${req.ip}`, deps.clock.now(), deps.inquiriesPerHour, HOUR);
      if (!d.allowed) {
        const wait = Math.max(1, Math.ceil(d.resetMs / 1000));
        throw new ApiError('rate_limited', msg('inquiries_rate_limited', { limit: deps.inquiriesPerHour, wait }), undefined, {
          'retry-after': String(wait),
        });
      }
    },
  };

  const inquiryHandler = async (req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
    const form = isForm(req);
    const row = await lookup(req.params.listing_id);
    if (!row) {
      if (form) return sendNotFound(req, reply);
      throw carNotFound();
    }
    const refuse = async (status: string) => {
      if (!form) assertTakesInquiries(status);
      if (GONE_STATUSES.includes(status)) return noStore(reply, 400, await renderGone(store.db, row, publicBaseUrl, localeOf(row.market).t.goneNotSent));
      return noStore(reply, 404, notYetPage(row));
    };
    if (row.status !== 'active') return refuse(row.status);

    const checked = checkInquiry(form ? ((req.body as Record<string, unknown> | undefined) ?? {}) : requireBody(req.body), row.market);
    if (checked.kind === 'invalid') {
      if (form) return noStore(reply, 400, listingPage(row, publicBaseUrl, { entered: checked.entered, problems: checked.problems }));
      const fields = checked.problems.map(inquiryProblem);
      throw new ApiError('invalid_request', msg('inquiry_invalid', { count: fields.length }), fields);
    }
    if (checked.kind === 'ok') {
      try {
        await receiveInquiry(deps, row, checked.inquiry);
      } catch (err) {
        // Sold (or withdrawn…) since it was read.
        if (form && err instanceof ApiError && err.status < 500) return refuse(err.code === 'not_found' ? 'in_review' : 'sold');
        throw err;
      }
    }
    // A filled honeypot (checked.kind === 'spam') gets the same answer, and nothing is stored.
    if (form)
      return reply
        .code(303)
        .header(
          'location',
          `${listingUrl(publicBaseUrl, row.listing_id)}/thanks${checked.kind === 'ok' ? `?sent=${checked.inquiry.email ? 'email' : 'phone'}` : ''}`,
        )
        .header('cache-control', 'no-store')
        .send();
    return reply.code(201).header('cache-control', 'no-store').send({ result: 'received' });
  };

  // Two addresses, one endpoint (P91): under {base_url} (/v1) for API clients generated from the
  // OpenAPI document, which call every operation under its one server; at the public base for the
  // listing page's form and existing integrations (D19), left out of the document.
  app.post<{ Params: Params }>('/v1/listings/:listing_id/inquiries', inquiryOptions, inquiryHandler);
  app.post<{ Params: Params }>('/listings/:listing_id/inquiries', { ...inquiryOptions, schema: { ...inquiryOptions.schema, hide: true } }, inquiryHandler);
};
