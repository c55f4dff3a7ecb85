// The panel's car forms (D33, P104–P106): publish a car (source `panel`), edit one (every field
// a person sets, derived from the field table by car-form.ts, P189; its photos reordered,
// removed, added from the phone's camera), and put a sold or withdrawn car back for sale. Every write is savePanelCar: the API's
// rules and writer, in one transaction. Staff and owners alike, as marking sold (D27).
// The forms come as multipart/form-data, read in this scope only (the panel otherwise takes
// short forms): at most UPLOAD_MAX_FILES photos of IMAGE_LIMITS.maxBytes each, and the whole
// body capped; each photo goes through the downloaded photos' pipeline (photos/upload.ts).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type Busboy from 'busboy';
import type { VehicleRow } from '../../core/db/schema.js';
import { render, textsOf, word, type Msg, type Texts } from '../../core/i18n/index.js';
import { idParam, signedIn, type PanelUser } from '../../core/web/context.js';
import { PageError } from '../../core/web/errors.js';
import { fileInput } from '../../core/web/file-input.js';
import { html, type Html } from '../../core/web/html.js';
import { csrfField } from '../../core/web/layout.js';
import { redirectTo, sendPage } from '../../core/web/render.js';
import { findDealerById } from '../dealers/repository.js';
import { findMarket, type Market } from '../markets/markets.js';
import { IMAGE_LIMITS, ImageRejected } from '../photos/image.js';
import { EXTENSIONS, photoUrl, type ImageFormat } from '../photos/url.js';
import { carFormFields, editsOf, errorsByField, firstInvalid, valuesOf } from './car-form.js';
import { byUser, savePanelCar, type PanelDealer, type PanelTarget } from './panel-service.js';
import { findUpload } from './photos/repository.js';
import type { PhotoStateEntry } from './photos/state.js';
import { storeUpload, type UploadDeps } from './photos/upload.js';
import { uploadFileId } from './photos/upload-ref.js';
import { findDealerVehicle } from './repository.js';
import type { VehicleDeps } from './service.js';
import { PANEL_SOURCE } from './sources.js';

export type CarEditDeps = VehicleDeps &
  UploadDeps & {
    /** The price preview's box for a car at the price typed (stats/price-preview-page.ts, P244), handed in by the panel. */
    pricePreview?: (user: PanelUser, lang: PanelUser['lang'], row: VehicleRow, typed: string, currency?: string) => Promise<Html>;
  };

/** Prices as people type them: tests read them from here. */
export { readPrice } from './car-form.js';

const EDIT_TEXTS = textsOf('edit.');
type EditTexts = Texts<'edit.'>;

/** Photos taken at once; a phone's photo is 2–6 MB. */
const UPLOAD_MAX_FILES = 12;
/** Photos carried from one try of a form to the next: more than any market's rule allows. */
const KEPT_MAX = 40;

/** A photo uploaded with an earlier try of the form (P191): its reference and its stored file. */
interface Kept {
  ref: string;
  fileId: string;
  ext: string;
}
/** The whole form: its photos and its few text fields. */
const UPLOAD_MAX_BYTES = 64 * 1024 * 1024;
const MB = IMAGE_LIMITS.maxBytes / 1024 / 1024;

interface UploadedFile {
  /** The form field: `photos` (added) or `replace_<n>` (in place of photo n, D33, P135). */
  field: string;
  name: string;
  bytes: Buffer;
}

/** A file field the car forms read: new photos, or one photo in place of the failed one at index n. */
const PHOTO_FIELD = /^(?:photos|replace_\d{1,3})$/;

/** A form as read: its text fields, its files, and what was wrong with the upload itself. */
interface CarForm {
  fields: Record<string, string>;
  files: UploadedFile[];
  problem?: 'too_many' | 'too_large' | 'unreadable';
}

/** The multipart form: text fields and the `photos` files (empty file inputs send a part with no name and no bytes: skipped). */
async function readCarForm(req: IncomingMessage): Promise<CarForm> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > UPLOAD_MAX_BYTES) throw new PageError(413, 'too_large');
  const { default: busboy } = await import('busboy');
  return new Promise((resolve, reject) => {
    let bb: Busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { files: UPLOAD_MAX_FILES, fileSize: IMAGE_LIMITS.maxBytes, fields: 80, fieldSize: 16 * 1024, parts: 100 } });
    } catch {
      resolve({ fields: {}, files: [], problem: 'unreadable' });
      return;
    }
    const form: CarForm = { fields: {}, files: [] };
    const reading: Promise<void>[] = [];
    let raw = 0;
    req.on('data', (c: Buffer) => {
      raw += c.length;
      if (raw > UPLOAD_MAX_BYTES) {
        req.unpipe(bb);
        req.resume();
        reject(new PageError(413, 'too_large'));
      }
    });
    bb.on('file', (name, part, info) => {
      const chunks: Buffer[] = [];
      reading.push(
        new Promise<void>((done) => {
          part.on('data', (c: Buffer) => chunks.push(c));
          part.on('limit', () => (form.problem = 'too_large'));
          part.on('end', () => {
            const bytes = Buffer.concat(chunks);
            if (PHOTO_FIELD.test(name) && bytes.length > 0 && !part.truncated) form.files.push({ field: name, name: info.filename || 'foto', bytes });
            done();
          });
        }),
      );
    });
    bb.on('filesLimit', () => (form.problem = 'too_many'));
    bb.on('field', (name, value) => {
      form.fields[name] = value;
    });
    bb.on('error', () => resolve({ fields: form.fields, files: [], problem: 'unreadable' }));
    bb.on('close', () => void Promise.all(reading).then(() => resolve(form)));
    req.pipe(bb);
  });
}

/**
 * The car's photo list after the form: kept ones in their new order (by the numbers given), a
 * replaced one's upload in its place (P135), then the new uploads.
 */
function photoListOf(row: VehicleRow | undefined, fields: Record<string, string>, uploaded: string[], replaced: Map<number, string>): string[] {
  const current = row ? (JSON.parse(row.photo_urls) as string[]) : [];
  const kept = current
    .map((url, i) => ({ url, i, pos: Number(fields[`pos_${i}`] ?? i + 1), removed: fields[`remove_${i}`] === '1' }))
    // The page's own list is the truth: an entry whose URL changed meanwhile is not trusted.
    .filter((p) => !p.removed && (fields[`photo_${p.i}`] === undefined || fields[`photo_${p.i}`] === p.url));
  kept.sort((a, b) => (Number.isFinite(a.pos) ? a.pos : 1e9) - (Number.isFinite(b.pos) ? b.pos : 1e9) || a.i - b.i);
  const list = kept.map((p) => replaced.get(p.i) ?? p.url);
  return [...list, ...uploaded.filter((u) => !list.includes(u))];
}

export const carEditPages: FastifyPluginAsync<{ deps: CarEditDeps }> = async (app, { deps }) => {
  // Read before the CSRF check, which then finds `_csrf` among the fields as for any panel form.
  app.addContentTypeParser('multipart/form-data', async (req: FastifyRequest) => {
    const form = await readCarForm(req.raw);
    return { ...form.fields, _form: form };
  });

  const formOf = (req: FastifyRequest): CarForm => {
    const form = (req.body as { _form?: CarForm } | undefined)?._form;
    // A short urlencoded post (no photos) is a form too.
    if (form) return form;
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries((req.body ?? {}) as Record<string, unknown>)) if (typeof v === 'string') fields[k] = v;
    return { fields, files: [] };
  };

  async function carOf(req: FastifyRequest): Promise<{ user: PanelUser; row: VehicleRow }> {
    const user = signedIn(req);
    const row = await findDealerVehicle(deps.store.db, user.dealerId, idParam((req.params as { id?: unknown }).id));
    if (!row) throw new PageError(404, 'not_found');
    return { user, row };
  }

  /**
   * The dealership as a panel write needs it: its city is a new car's city when the form gives
   * none, as for the API's cars (dealers.city, D3; P135), so the buyer's page shows it.
   */
  async function dealerOf(u: PanelUser): Promise<PanelDealer> {
    const dealer = await findDealerById(deps.store.db, u.dealerId);
    return { id: u.dealerId, markets: u.markets, city: dealer?.city ?? null };
  }

  /** Stores the form's photos; what could not be stored is said, one sentence per photo (the others are stored all the same). */
  async function uploadsOf(
    req: FastifyRequest,
    user: PanelUser,
    form: CarForm,
  ): Promise<{ refs: string[]; replaced: Map<number, string>; problems: string[] }> {
    const t = EDIT_TEXTS[req.panelLang];
    const problems: string[] = [];
    if (form.problem === 'too_many') problems.push(t.tooManyFiles(UPLOAD_MAX_FILES));
    if (form.problem === 'too_large') problems.push(t.fileTooLarge(MB));
    if (form.problem === 'unreadable') problems.push(t.uploadUnreadable);
    const replaced = new Map<number, string>();
    const refs: string[] = [];
    for (const f of form.files) {
      try {
        const ref = await storeUpload(deps, user.dealerId, f.bytes);
        if (f.field === 'photos') refs.push(ref);
        else replaced.set(Number(f.field.slice('replace_'.length)), ref);
      } catch (err) {
        if (!(err instanceof ImageRejected)) throw err;
        problems.push(t.photoRejected(f.name, render(req.panelLang, err.text)));
      }
    }
    return { refs, replaced, problems };
  }

  /**
   * The photos uploaded with an earlier try of this form (P191), named by the hidden `kept_<n>`
   * fields, less those ticked to leave out. Only the dealership's own uploads count (a name made
   * up, or another dealership's, is dropped), each once.
   */
  async function keptOf(user: PanelUser, fields: Record<string, string>): Promise<Kept[]> {
    const out: Kept[] = [];
    for (let i = 0; i < KEPT_MAX; i++) {
      const ref = fields[`kept_${i}`];
      if (ref === undefined) break;
      const fileId = uploadFileId(ref);
      if (!fileId || fields[`kept_drop_${i}`] === '1' || out.some((k) => k.ref === ref)) continue;
      const up = await findUpload(deps.store.db, user.dealerId, fileId);
      if (up) out.push({ ref, fileId, ext: EXTENSIONS[up.format as ImageFormat] });
    }
    return out;
  }

  /** Kept photos and new uploads as the next try of the form carries them. */
  async function keptWith(user: PanelUser, kept: Kept[], refs: string[]): Promise<Kept[]> {
    const fields: Record<string, string> = {};
    [...kept.map((k) => k.ref), ...refs].forEach((r, i) => (fields[`kept_${i}`] = r));
    return keptOf(user, fields);
  }

  /** The photos field: the rule said before any refusal (issue 36 §4), the photos kept from an earlier try, the picker. */
  function photosField(
    req: FastifyRequest,
    t: EditTexts,
    market: Market,
    v: { errors: Map<string, string[]>; first: string | undefined },
    kept: Kept[],
    required: boolean,
  ): Html {
    const bad = v.errors.get('photos');
    return html`<div class="field">${
      kept.length
        ? html`<p><strong>${t.keptPhotos(kept.length)}</strong></p><p class="muted">${t.keptHelp}</p><div class="photos">${kept.map(
            (k, i) => html`<figure><img src="${photoUrl('', k.fileId, 'display', k.ext)}" alt="${t.keptAlt(i + 1)}">
<figcaption><input type="hidden" name="kept_${i}" value="${k.ref}"><label class="check"><input type="checkbox" name="kept_drop_${i}" value="1"> ${t.keptRemove(i + 1)}</label></figcaption></figure>`,
          )}</div>`
        : ''
    }${fileInput({
      id: 'c-photos',
      name: 'photos',
      lang: req.panelLang,
      label: t.addPhotos,
      accept: 'image/*',
      camera: true,
      multiple: true,
      required: required && kept.length === 0,
      describedBy: bad ? 'c-photos-error c-photos-help' : 'c-photos-help',
      invalid: !!bad,
      autofocus: v.first === 'photos',
    })}${bad ? html`<p id="c-photos-error" class="field-error">${bad.join(' ')}</p>` : ''}<p id="c-photos-help" class="muted">${t.photoRule(
      market.photos.min,
      market.photos.max,
      MB,
    )}</p></div>`;
  }

  /** The refusals at the top of the form: every sentence, each field's also beside it. */
  const errorBox = (t: EditTexts, errors: Map<string, string[]>) =>
    errors.size
      ? html`<div class="notice bad" role="alert"><p>${t.fixErrors}</p><ul>${[...errors.values()].flat().map((p) => html`<li>${p}</li>`)}</ul></div>`
      : '';

  /** A form's refusals: the upload's own (the photos field's) and the rules'. */
  function refusals(req: FastifyRequest, problems: string[], errors: Msg[] = []): Map<string, string[]> {
    const out = errorsByField(req.panelLang, errors);
    if (problems.length) out.set('photos', [...problems, ...(out.get('photos') ?? [])]);
    return out;
  }

  function newPage(req: FastifyRequest, reply: FastifyReply, values: Record<string, string>, errors: Map<string, string[]>, kept: Kept[]) {
    const user = signedIn(req);
    const t = EDIT_TEXTS[req.panelLang];
    const market = findMarket(values.market && user.markets.includes(values.market) ? values.market : user.markets[0]!)!;
    const view = { lang: req.panelLang, market, catalog: deps.catalog, values, errors, first: firstInvalid(market, errors, ['photos']) };
    return sendPage(req, reply, {
      title: t.newCar,
      section: 'inventory',
      status: errors.size ? 422 : 200,
      body: html`<p><a href="/panel/inventory">${t.cancel}</a></p>
<h1>${t.newCar}</h1>
<p class="muted">${t.newHelp}</p>
${errorBox(t, errors)}
<form class="card car-form" method="post" action="/panel/inventory/new" enctype="multipart/form-data">
${csrfField(req.csrfToken)}
${
  user.markets.length > 1
    ? html`<div class="field"><label for="c-market">${t.field.market}</label><select id="c-market" name="market">${user.markets.map(
        (m) => html`<option value="${m}"${m === market.code ? html` selected` : ''}>${word(req.panelLang, 'market', m)}</option>`,
      )}</select></div>`
    : ''
}
${carFormFields(view)}
${photosField(req, t, market, view, kept, true)}
<div class="actions"><button type="submit">${t.publish}</button></div>
</form>`,
    });
  }

  async function editPage(
    req: FastifyRequest,
    reply: FastifyReply,
    row: VehicleRow,
    values: Record<string, string>,
    errors: Map<string, string[]>,
    kept: Kept[],
  ) {
    const t = EDIT_TEXTS[req.panelLang];
    const title = [row.brand, row.model, row.version, row.year].filter(Boolean).join(' ');
    const photos = JSON.parse(row.photo_state) as PhotoStateEntry[];
    const sourceWord = word(req.panelLang, 'source', row.source);
    const market = findMarket(row.market)!;
    // The preview of the price in the field (P244): the stored one, or the one typed.
    const pricePreview = deps.pricePreview
      ? {
          url: `/panel/inventory/${row.id}/price-preview`,
          body: await deps.pricePreview(signedIn(req), req.panelLang, row, values.price ?? valuesOf(row).price!, values.currency),
        }
      : undefined;
    const view = { lang: req.panelLang, market, catalog: deps.catalog, values, errors, first: firstInvalid(market, errors, ['photos']), pricePreview };
    return sendPage(req, reply, {
      title: t.editTitle(title),
      section: 'inventory',
      status: errors.size ? 422 : 200,
      body: html`<p><a href="/panel/inventory/${row.id}">${t.cancel}</a></p>
<h1>${t.editTitle(title)}</h1>
${row.source !== PANEL_SOURCE ? html`<p class="notice warn" role="note">${t.syncWarning(sourceWord)}</p>` : ''}
${errorBox(t, errors)}
<form class="card car-form" method="post" action="/panel/inventory/${row.id}/edit" enctype="multipart/form-data">
${csrfField(req.csrfToken)}
${
  // The form's first submit is what Enter in a field presses: saving, not the price preview's button (P244).
  pricePreview ? html`<input type="submit" class="visually-hidden" tabindex="-1" aria-hidden="true" value="${t.save}">` : ''
}
${carFormFields(view)}
<fieldset><legend>${t.photos}</legend>
<p class="muted">${t.photoOrderHelp}</p>
<div class="photos">${photos.map(
        (p, i) => html`<figure>
${p.file_id && p.ext ? html`<img src="${photoUrl('', p.file_id, 'display', p.ext)}" alt="${t.photos} ${i + 1}" loading="lazy">` : html`<span class="badge ${p.status === 'failed' ? 'bad' : ''}">${p.status === 'failed' ? t.photoFailed : t.photoPending}</span>`}
<figcaption><input type="hidden" name="photo_${i}" value="${p.source_url}">
<label for="pos-${i}" class="visually-hidden">${t.photoPosition(i + 1)}</label><input id="pos-${i}" class="pos" type="text" name="pos_${i}" value="${values[`pos_${i}`] ?? String(i + 1)}" inputmode="numeric" size="2">
<label class="check"><input type="checkbox" name="remove_${i}" value="1"${values[`remove_${i}`] === '1' ? html` checked` : ''}> ${t.photoRemove(i + 1)}</label>
${
  // D33: a photo that failed is replaced in place by one file, through the same upload (P135).
  p.status === 'failed'
    ? fileInput({ id: `replace-${i}`, name: `replace_${i}`, lang: req.panelLang, label: t.photoReplace(i + 1), accept: 'image/*', camera: true })
    : ''
}</figcaption>
</figure>`,
      )}</div>
${photosField(req, t, market, view, kept, false)}
</fieldset>
<div class="actions"><button type="submit">${t.save}</button></div>
</form>`,
    });
  }

  app.get('/inventory/new', async (req, reply) => newPage(req, reply, {}, new Map(), []));

  app.post('/inventory/new', async (req, reply) => {
    const user = signedIn(req);
    const form = formOf(req);
    const kept = await keptOf(user, form.fields);
    const { refs, problems } = await uploadsOf(req, user, form);
    // What was typed and every photo stored so far come back with the refusals (P191).
    if (problems.length) return newPage(req, reply, form.fields, refusals(req, problems), await keptWith(user, kept, refs));
    const market = form.fields.market && user.markets.includes(form.fields.market) ? form.fields.market : user.markets[0]!;
    const target: PanelTarget = { market };
    const photos = [...kept.map((k) => k.ref), ...refs];
    const result = await savePanelCar(deps, await dealerOf(user), target, { ...editsOf(form.fields), photos }, byUser(user));
    if (!result.ok) return newPage(req, reply, form.fields, refusals(req, [], 'errors' in result ? result.errors : []), await keptWith(user, kept, refs));
    return redirectTo(reply, `/panel/inventory/${result.row.id}?done=created`);
  });

  app.get('/inventory/:id/edit', async (req, reply) => {
    const { row } = await carOf(req);
    return editPage(req, reply, row, valuesOf(row), new Map(), []);
  });

  app.post('/inventory/:id/edit', async (req, reply) => {
    const { user, row } = await carOf(req);
    const form = formOf(req);
    const kept = await keptOf(user, form.fields);
    const { refs, replaced, problems } = await uploadsOf(req, user, form);
    // "Ver valoración" without a script (P244): the form back as typed, the photos chosen kept
    // (P191), the price's preview shown; nothing is saved.
    if (problems.length || form.fields._preview !== undefined)
      return editPage(req, reply, row, form.fields, refusals(req, problems), await keptWith(user, kept, refs));
    const photos = photoListOf(row, form.fields, [...kept.map((k) => k.ref), ...refs], replaced);
    const result = await savePanelCar(deps, await dealerOf(user), { carId: row.id }, { ...editsOf(form.fields), photos }, byUser(user));
    if (!result.ok) {
      if ('notFound' in result) throw new PageError(404, 'not_found');
      return editPage(req, reply, row, form.fields, refusals(req, [], result.errors), await keptWith(user, kept, refs));
    }
    return redirectTo(reply, `/panel/inventory/${row.id}?done=saved`);
  });

  // Undo of sold / withdrawn (D5's "sent again"): the car as stored, sent again.
  app.post('/inventory/:id/restore', async (req, reply) => {
    const { user, row } = await carOf(req);
    const result = await savePanelCar(deps, await dealerOf(user), { carId: row.id }, {}, byUser(user));
    if (!result.ok) {
      if ('notFound' in result) throw new PageError(404, 'not_found');
      // A car stored before a rule became stricter may not pass it now: its edit page says why.
      return editPage(req, reply, row, valuesOf(row), refusals(req, [], result.errors), []);
    }
    return redirectTo(reply, `/panel/inventory/${row.id}?done=restored`);
  });
};
