// The panel's car form, derived from the field table (fields.ts, P189): every field a person sets
// through the API, in the table's order (the details group, P27, in a fieldset of its own), each
// with the API's own bounds (a text's maxlength, a whole number's min, max and step) and a list's
// choices from the market's vocabulary, shown by their words (`value.<code>`), never raw. A field's
// label is its word (`field.<name>`). Its reading back (the API's field names, the way people
// type prices and mileages) and the stored car's values come from the same table, so a field
// added there is asked, kept, saved and shown with no code here; only the fields with rules of
// their own in validation.ts (`custom`) have inputs of their own below.
// A form sent back with errors marks each refused field (aria-invalid, its sentence beside it,
// aria-describedby) and focuses the first (autofocus).
import type { VehicleRow } from '../../core/db/schema.js';
import { render, textsOf, word, type Lang, type Msg, type Texts } from '../../core/i18n/index.js';
import { html, type Html } from '../../core/web/html.js';
import type { Catalog } from '../catalog/catalog.js';
import type { Market } from '../markets/markets.js';
import { VEHICLE_FIELDS, VEHICLE_LIMITS, type CustomFieldName, type VehicleField } from './fields.js';

const EDIT_TEXTS = textsOf('edit.');
const PREVIEW_TEXTS = textsOf('pricePreview.');
type EditTexts = Texts<'edit.'>;
const fields = VEHICLE_FIELDS as readonly VehicleField[];

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
const textOrNull = (s: string): string | null => (s.trim() === '' ? null : s.trim());

/** How the custom fields are read from what was typed. */
const READ_CUSTOM: Record<CustomFieldName, (s: string) => unknown> = {
  brand: (s) => s,
  model: (s) => s,
  year: readWhole,
  price: readPrice,
  mileage: readWhole,
  vin: textOrNull,
};

/** The form's fields for a market: the currency only where there is a choice of one. */
const formFields = (market: Market): readonly VehicleField[] => fields.filter((f) => f.name !== 'currency' || market.currencies.length > 1);

/**
 * The form's values in the API's field names. A field the form did not send is left out (the
 * stored car keeps its value); one sent blank is "not given".
 */
export function editsOf(sent: Record<string, string>): Record<string, unknown> {
  const edits: Record<string, unknown> = {};
  for (const f of fields) {
    const s = sent[f.name];
    if (s === undefined) continue;
    if (f.rule.kind === 'custom') edits[f.name] = READ_CUSTOM[f.name as CustomFieldName](s);
    else if (f.rule.kind === 'whole') edits[f.name] = s.trim() === '' ? null : readWhole(s);
    else edits[f.name] = textOrNull(s);
  }
  return edits;
}

/** A stored car's values as the form shows them. */
export function valuesOf(row: VehicleRow): Record<string, string> {
  const stored = row as unknown as Record<string, string | number | null | undefined>;
  const out: Record<string, string> = {};
  for (const f of fields) {
    const v = stored[f.column];
    out[f.name] = v === null || v === undefined ? '' : String(v);
  }
  out.price = row.price_cents % 100 === 0 ? String(row.price_cents / 100) : (row.price_cents / 100).toFixed(2).replace('.', ',');
  return out;
}

/** The field a refusal concerns: its `field`, or the field its code starts with (`year_too_old`, `photo_scheme`). */
function fieldOfError(m: Msg): string | undefined {
  const field = (m.params as { field?: unknown } | undefined)?.field;
  if (typeof field === 'string') return field;
  const head = m.code.split('_')[0]!;
  if (head === 'photo' || head === 'photos') return 'photos';
  return fields.some((f) => f.name === head) ? head : undefined;
}

/** The form's refusals by field, in the language; those of no field under ''. */
export function errorsByField(lang: Lang, errors: readonly Msg[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const e of errors) {
    const key = fieldOfError(e) ?? '';
    out.set(key, [...(out.get(key) ?? []), render(lang, e)]);
  }
  return out;
}

export interface FormView {
  lang: Lang;
  market: Market;
  catalog: Catalog;
  /** Typed, or stored, values by field name. */
  values: Record<string, string>;
  errors: Map<string, string[]>;
  /** The first field in error, in the page's order: it takes the focus. */
  first: string | undefined;
  /** The edit form's price preview (P244): shown under the price field. */
  pricePreview?: PricePreviewSlot;
}

/** The price preview's box (D44, P244), made by the panel (stats/price-preview-page.ts). */
export interface PricePreviewSlot {
  /** Where the panel's script asks for the box's content as the price is typed (GET, `?price=`). */
  url: string;
  /** The box's content: for the price stored, or for the one typed when the form was sent to preview. */
  body: Html;
}

/**
 * The preview under the price field: its content, and a button that sends the form back with it
 * without saving (no script needed); with the script it is asked for as the price is typed.
 */
function previewBox(v: FormView, slot: PricePreviewSlot): Html {
  const p = PREVIEW_TEXTS[v.lang];
  // The edit form's own submit comes first in it (edit-pages.ts), so Enter in a field still saves.
  // An input, not a button: the form's one <button> is still its save button.
  return html`<section class="price-preview" aria-labelledby="price-preview-title"><h3 id="price-preview-title">${p.title}</h3>
<p class="muted">${p.help}</p>
<div id="price-preview" aria-live="polite" data-preview-url="${slot.url}" data-preview-for="c-price" data-failed="${p.failed}">${slot.body}</div>
<input type="submit" class="button secondary" name="_preview" value="${p.button}" formnovalidate data-preview-button></section>`;
}

/** The fields in the order the page shows them; the first one refused is focused. */
export function firstInvalid(market: Market, errors: Map<string, string[]>, after: readonly string[] = []): string | undefined {
  return [...formFields(market).map((f) => f.name), ...after].find((n) => errors.has(n));
}

/** An input's attributes for its state: required, refused (with its sentence), described by its help. */
function state(v: FormView, name: string, help: boolean, required: boolean): Html {
  const bad = v.errors.has(name);
  const described = [bad ? `c-${name}-error` : '', help ? `c-${name}-help` : ''].filter(Boolean).join(' ');
  return html`${required ? html` required` : ''}${bad ? html` aria-invalid="true"` : ''}${described ? html` aria-describedby="${described}"` : ''}${
    v.first === name ? html` autofocus` : ''
  }`;
}

/** A field's box: its label, its control, its refusal and its help. */
function box(v: FormView, name: string, control: Html, help?: string): Html {
  const bad = v.errors.get(name);
  return html`<div class="field"><label for="c-${name}">${word(v.lang, 'field', name)}</label>${control}${
    bad ? html`<p id="c-${name}-error" class="field-error">${bad.join(' ')}</p>` : ''
  }${help ? html`<p id="c-${name}-help" class="muted">${help}</p>` : ''}</div>`;
}

const textInput = (v: FormView, name: string, attrs: Html, help?: string, required = false): Html =>
  box(v, name, html`<input id="c-${name}" name="${name}" type="text" value="${v.values[name] ?? ''}"${attrs}${state(v, name, !!help, required)}>`, help);

/** The inputs of the fields with rules of their own (validation.ts). */
const CUSTOM: Record<CustomFieldName, (v: FormView, t: EditTexts) => Html> = {
  brand: (v, t) => {
    const brands = v.catalog.brands;
    return html`${textInput(v, 'brand', html` maxlength="${VEHICLE_LIMITS.lookup}" list="brands" autocomplete="off" data-models="models"`, t.typeAhead, true)}<datalist id="brands">${brands.map(
      (b) => html`<option value="${b.name}" data-slug="${b.slug}"></option>`,
    )}</datalist>`;
  },
  model: (v, t) => {
    // The model's type-ahead (P138): every model, each marked with its brand; the panel's script
    // keeps the chosen brand's only. Without scripts, a form sent back with a known brand lists
    // that brand's models, and the server checks the model against the catalog either way.
    const chosen = v.values.brand ? v.catalog.findBrand(v.values.brand) : undefined;
    const models = (chosen ? [chosen] : v.catalog.brands).flatMap((b) => b.models.map((m) => ({ model: m.name, brand: b })));
    return html`${textInput(v, 'model', html` maxlength="${VEHICLE_LIMITS.lookup}" list="models" autocomplete="off"`, t.modelHelp, true)}<datalist id="models">${models.map(
      (m) => html`<option value="${m.model}" data-brand="${m.brand.slug}">${m.brand.name}</option>`,
    )}</datalist>`;
  },
  // Four digits; the server says when it is before 1950 or after next year (P187).
  year: (v) => textInput(v, 'year', html` inputmode="numeric" pattern="[0-9]{4}" maxlength="4"`, undefined, true),
  // Typed as people write prices ("18.500.000"): read by readPrice, so no number input.
  // The edit form's price has its preview under it (D44, P244).
  price: (v, t) =>
    html`${textInput(v, 'price', html` inputmode="decimal"`, t.priceHelp(v.values.currency || v.market.default_currency), true)}${
      v.pricePreview ? previewBox(v, v.pricePreview) : ''
    }`,
  mileage: (v) => textInput(v, 'mileage', html` inputmode="numeric"`, undefined, true),
  vin: (v) => textInput(v, 'vin', html` maxlength="${VEHICLE_LIMITS.vin}" autocapitalize="characters" spellcheck="false" autocomplete="off"`),
};

/** A vocabulary's choice by its word: a currency by Intl's name of it ("Dólar estadounidense (USD)"). */
function choiceWord(lang: Lang, f: VehicleField, value: string): string {
  if (f.name === 'currency') {
    const name = new Intl.DisplayNames(lang, { type: 'currency' }).of(value) ?? value;
    // A list's choice starts with a capital, as the vocabulary's words do ("peso argentino" → "Peso argentino").
    return `${name.charAt(0).toLocaleUpperCase(lang)}${name.slice(1)} (${value})`;
  }
  return word(lang, 'value', value);
}

/** One field's control, from its rule. */
function control(v: FormView, t: EditTexts, f: VehicleField): Html {
  const r = f.rule;
  const name = f.name;
  const value = v.values[name] ?? '';
  switch (r.kind) {
    case 'custom':
      return CUSTOM[name as CustomFieldName](v, t);
    case 'text':
      return r.multiline
        ? // The textarea's content starts on a new line: HTML drops one leading line break there.
          box(v, name, html`<textarea id="c-${name}" name="${name}" rows="5" maxlength="${r.max}"${state(v, name, false, f.required)}>\n${value}</textarea>`)
        : textInput(v, name, html` maxlength="${r.max}"`, undefined, f.required);
    case 'whole':
      return box(
        v,
        name,
        html`<input id="c-${name}" name="${name}" type="number" inputmode="numeric" min="${r.min}" max="${r.max}" step="1" value="${value}"${state(v, name, false, f.required)}>`,
      );
    case 'vocabulary': {
      // A field with a default shows it chosen (the car gets it anyway); one without may be left blank.
      const fallback = f.fallback?.({ market: v.market, defaultCity: null }) ?? null;
      const chosen = (value || fallback || '').toLowerCase();
      const values = r.values(v.market);
      return box(
        v,
        name,
        html`<select id="c-${name}" name="${name}"${state(v, name, false, f.required)}>${
          fallback === null && !f.required ? html`<option value="">${t.notGiven}</option>` : ''
        }${values.map((c) => html`<option value="${c}"${c.toLowerCase() === chosen ? html` selected` : ''}>${choiceWord(v.lang, f, c)}</option>`)}</select>`,
      );
    }
  }
}

/** The form's fields: the main ones, then the details group (P27) in a fieldset of its own. */
export function carFormFields(v: FormView): Html {
  const t = EDIT_TEXTS[v.lang];
  const shown = formFields(v.market);
  const main = shown.filter((f) => f.hash === 'base');
  const details = shown.filter((f) => f.hash !== 'base');
  return html`${main.map((f) => html`${control(v, t, f)}\n`)}<fieldset class="details"><legend>${t.details}</legend>
${details.map((f) => html`${control(v, t, f)}\n`)}</fieldset>`;
}
