// The panel's car forms (D33, P104–P106): publish a car (source `panel`), edit one (price,
// version, mileage, color, description; its photos reordered, removed, added from the phone's
// camera), and put a sold or withdrawn car back for sale. Every write is savePanelCar: the API's
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
import { findMarket } from '../markets/markets.js';
import { IMAGE_LIMITS, ImageRejected } from '../photos/image.js';
import { photoUrl } from '../photos/url.js';
import { byUser, savePanelCar, type PanelDealer, type PanelTarget } from './panel-service.js';
import type { PhotoStateEntry } from './photos/state.js';
import { storeUpload, type UploadDeps } from './photos/upload.js';
import { findDealerVehicle } from './repository.js';
import type { VehicleDeps } from './service.js';
import { PANEL_SOURCE } from './sources.js';

export type CarEditDeps = VehicleDeps & UploadDeps;

/** Photos taken at once; a phone's photo is 2–6 MB. */
const EDIT_TEXTS = textsOf('edit.');
type EditTexts = Texts<'edit.'>;

const UPLOAD_MAX_FILES = 12;
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

/** "18.500.000", "18500000" or "18 500,50" → 18500000 / 18500.5; anything else is left as typed (the rule's own sentence then says why). */
export function readPrice(s: string): number | string {
  const t = s.replace(/[\s$]/g, '');
  const m = /^(\d{1,3}(?:[.,]\d{3})+|\d+)(?:[.,](\d{1,2}))?$/.exec(t);
  if (!m) return s;
  return Number(m[1]!.replace(/[.,]/g, '') + (m[2] ? `.${m[2]}` : ''));
}

/** A whole number as people write it ("45.000 km" → 45000), or the text as typed. */
function readWhole(s: string): number | string {
  const t = s.replace(/[\s.,]|km|mi/gi, '');
  return /^\d+$/.test(t) ? Number(t) : s;
}

// Trimmed here: validation counts a text's bound on the value as sent (P187), and a form's outer spaces are no one's intent.
const textOrNull = (s: string | undefined): string | null => (s === undefined || s.trim() === '' ? null : s.trim());

/** The form's edits in the API's field names. `full`: the new-car form, whose brand, model and year are asked too. */
function editsOf(fields: Record<string, string>, full: boolean): Record<string, unknown> {
  const edits: Record<string, unknown> = {
    price: readPrice(fields.price ?? ''),
    mileage: readWhole(fields.mileage ?? ''),
    version: textOrNull(fields.version),
    color: textOrNull(fields.color),
    description: textOrNull(fields.description),
  };
  if (full) {
    edits.brand = fields.brand ?? '';
    edits.model = fields.model ?? '';
    edits.year = readWhole(fields.year ?? '');
  }
  return edits;
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

  /** Stores the form's photos; what could not be stored is said, one sentence per photo. */
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
    if (problems.length) return { refs: [], replaced, problems };
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

  function carFields(req: FastifyRequest, t: EditTexts, values: Record<string, string>, opts: { full: boolean; user: PanelUser; currency: string }): Html {
    const input = (name: keyof EditTexts['field'], attrs: Html | string = '', help?: string) =>
      html`<div class="field"><label for="c-${name}">${t.field[name]}</label><input id="c-${name}" name="${name}" type="text" value="${values[name] ?? ''}"${attrs}${
        help ? html` aria-describedby="c-${name}-help"` : ''
      }>${help ? html`<p id="c-${name}-help" class="muted">${help}</p>` : ''}</div>`;
    const brands = deps.catalog.brands;
    // The model's type-ahead (P138): every model, each marked with its brand; the panel's script
    // keeps the chosen brand's only. Without scripts, a form sent back with a known brand lists
    // that brand's models, and the server checks the model against the catalog either way.
    const chosen = values.brand ? deps.catalog.findBrand(values.brand) : undefined;
    const models = (chosen ? [chosen] : brands).flatMap((b) => b.models.map((m) => ({ model: m.name, brand: b })));
    const { user } = opts;
    return html`${
      opts.full && user.markets.length > 1
        ? html`<div class="field"><label for="c-market">${t.field.market}</label><select id="c-market" name="market">${user.markets.map(
            (m) => html`<option value="${m}"${m === values.market ? html` selected` : ''}>${word(req.panelLang, 'market', m)}</option>`,
          )}</select></div>`
        : ''
    }
${
  opts.full
    ? html`${input('brand', html` required list="brands" autocomplete="off" data-models="models"`, t.typeAhead)}<datalist id="brands">${brands.map(
        (b) => html`<option value="${b.name}" data-slug="${b.slug}"></option>`,
      )}</datalist>
${input('model', html` required list="models" autocomplete="off"`, t.modelHelp)}<datalist id="models">${models.map(
        (m) => html`<option value="${m.model}" data-brand="${m.brand.slug}">${m.brand.name}</option>`,
      )}</datalist>
${input('year', html` required inputmode="numeric" pattern="[0-9]{4}" maxlength="4"`)}`
    : ''
}
${input('version', html` maxlength="120"`)}
${input('price', html` required inputmode="decimal"`, t.priceHelp(opts.currency))}
${input('mileage', html` required inputmode="numeric"`)}
${input('color', html` maxlength="60"`)}
<div class="field"><label for="c-description">${t.field.description}</label><textarea id="c-description" name="description" rows="5">${values.description ?? ''}</textarea></div>`;
  }

  const addPhotosField = (req: FastifyRequest, t: EditTexts, required: boolean) =>
    html`<div class="field">${fileInput({
      id: 'c-photos',
      name: 'photos',
      lang: req.panelLang,
      label: t.addPhotos,
      accept: 'image/*',
      camera: true,
      multiple: true,
      required,
      describedBy: 'c-photos-help',
    })}<p id="c-photos-help" class="muted">${t.addPhotosHelp(UPLOAD_MAX_FILES, MB)}</p></div>`;

  const errorBox = (t: EditTexts, problems: string[]) =>
    problems.length ? html`<div class="notice bad" role="alert"><p>${t.fixErrors}</p><ul>${problems.map((p) => html`<li>${p}</li>`)}</ul></div>` : '';

  function newPage(req: FastifyRequest, reply: FastifyReply, values: Record<string, string>, problems: string[]) {
    const user = signedIn(req);
    const t = EDIT_TEXTS[req.panelLang];
    const market = findMarket(values.market && user.markets.includes(values.market) ? values.market : user.markets[0]!)!;
    return sendPage(req, reply, {
      title: t.newCar,
      section: 'inventory',
      status: problems.length ? 422 : 200,
      body: html`<p><a href="/panel/inventory">${t.cancel}</a></p>
<h1>${t.newCar}</h1>
<p class="muted">${t.newHelp}</p>
${errorBox(t, problems)}
<form class="card car-form" method="post" action="/panel/inventory/new" enctype="multipart/form-data">
${csrfField(req.csrfToken)}
${carFields(req, t, values, { full: true, user, currency: market.default_currency })}
${addPhotosField(req, t, true)}
<div class="actions"><button type="submit">${t.publish}</button></div>
</form>`,
    });
  }

  function editPage(req: FastifyRequest, reply: FastifyReply, user: PanelUser, row: VehicleRow, values: Record<string, string>, problems: string[]) {
    const t = EDIT_TEXTS[req.panelLang];
    const title = [row.brand, row.model, row.version, row.year].filter(Boolean).join(' ');
    const photos = JSON.parse(row.photo_state) as PhotoStateEntry[];
    const sourceWord = word(req.panelLang, 'source', row.source);
    return sendPage(req, reply, {
      title: t.editTitle(title),
      section: 'inventory',
      status: problems.length ? 422 : 200,
      body: html`<p><a href="/panel/inventory/${row.id}">${t.cancel}</a></p>
<h1>${t.editTitle(title)}</h1>
${row.source !== PANEL_SOURCE ? html`<p class="notice warn" role="note">${t.syncWarning(sourceWord)}</p>` : ''}
${errorBox(t, problems)}
<form class="card car-form" method="post" action="/panel/inventory/${row.id}/edit" enctype="multipart/form-data">
${csrfField(req.csrfToken)}
${carFields(req, t, values, { full: false, user, currency: row.currency })}
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
${addPhotosField(req, t, false)}
</fieldset>
<div class="actions"><button type="submit">${t.save}</button></div>
</form>`,
    });
  }

  /** The editable fields of a stored car as the form shows them. */
  function valuesOf(row: VehicleRow): Record<string, string> {
    const price = row.price_cents % 100 === 0 ? String(row.price_cents / 100) : (row.price_cents / 100).toFixed(2).replace('.', ',');
    return { price, mileage: String(row.mileage), version: row.version ?? '', color: row.color ?? '', description: row.description ?? '' };
  }

  const sentences = (req: FastifyRequest, errors: Msg[]) => errors.map((e) => render(req.panelLang, e));

  app.get('/inventory/new', async (req, reply) => newPage(req, reply, {}, []));

  app.post('/inventory/new', async (req, reply) => {
    const user = signedIn(req);
    const form = formOf(req);
    const { refs, problems } = await uploadsOf(req, user, form);
    if (problems.length) return newPage(req, reply, form.fields, problems);
    const market = form.fields.market && user.markets.includes(form.fields.market) ? form.fields.market : user.markets[0]!;
    const target: PanelTarget = { market };
    const result = await savePanelCar(deps, await dealerOf(user), target, { ...editsOf(form.fields, true), photos: refs }, byUser(user));
    if (!result.ok) return newPage(req, reply, form.fields, 'errors' in result ? sentences(req, result.errors) : []);
    return redirectTo(reply, `/panel/inventory/${result.row.id}?done=created`);
  });

  app.get('/inventory/:id/edit', async (req, reply) => {
    const { user, row } = await carOf(req);
    return editPage(req, reply, user, row, valuesOf(row), []);
  });

  app.post('/inventory/:id/edit', async (req, reply) => {
    const { user, row } = await carOf(req);
    const form = formOf(req);
    const { refs, replaced, problems } = await uploadsOf(req, user, form);
    if (problems.length) return editPage(req, reply, user, row, form.fields, problems);
    const photos = photoListOf(row, form.fields, refs, replaced);
    const result = await savePanelCar(deps, await dealerOf(user), { carId: row.id }, { ...editsOf(form.fields, false), photos }, byUser(user));
    if (!result.ok) {
      if ('notFound' in result) throw new PageError(404, 'not_found');
      return editPage(req, reply, user, row, form.fields, sentences(req, result.errors));
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
      return editPage(req, reply, user, row, valuesOf(row), sentences(req, result.errors));
    }
    return redirectTo(reply, `/panel/inventory/${row.id}?done=restored`);
  });
};
