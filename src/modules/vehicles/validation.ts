// Every rule of VehicleInput (spec 2.1, D9), against the market's vocabulary and the catalog.
// All broken rules are collected, one sentence each, for `fields` of a 422 invalid_vehicle.
import { msg, type Msg } from '../../core/i18n/index.js';
import { characters, forbiddenControl } from '../../core/text.js';
import type { Catalog, CatalogBrand, CatalogModel } from '../catalog/catalog.js';
import type { Market } from '../markets/markets.js';
import { VEHICLE_FIELDS, VEHICLE_LIMITS, type VehicleData, type VehicleField } from './fields.js';
import { normalizeVin, vinProblem } from './vin.js';
import { isUploadRef } from './photos/upload-ref.js';

export type { VehicleData } from './fields.js';

export interface ValidationContext {
  market: Market;
  catalog: Catalog;
  /** Latest model year accepted (this year + 1). */
  lastModelYear: number;
  /** The dealership's city, the default of `city`. */
  defaultCity: string | null;
  /** false when the car already exists with photos: `photos` may be left out. */
  photosRequired: boolean;
  /** The panel's own calls (D33): `upload:<file id>`, a photo uploaded in the panel, is a photo too. No API call sets it. */
  uploads?: boolean;
}

export type ValidationResult = { ok: true; value: VehicleData } | { ok: false; errors: Msg[] };

const LIMITS = VEHICLE_LIMITS;

/** How a wrong value is named in a message (the catalogue's `got`): its kind, or the number itself. */
const typeName = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? String(v) : typeof v);

/** A new car (or one that has none yet) must bring its photos: the rule's one sentence. */
export const photosRequired = (market: Market): Msg => msg('photos_required', { min: market.photos.min, max: market.photos.max });

/**
 * Every field of the table (fields.ts) by its rule, in the table's order, then the photos. A car
 * sent again exactly as stored is not validated again (unchanged.ts, P55): a rule made stricter
 * here does not reach such a car until it changes.
 */
export function validateVehicle(raw: Record<string, unknown>, ctx: ValidationContext): ValidationResult {
  const errors: Msg[] = [];
  const { market, catalog } = ctx;
  const has = (k: string) => Object.hasOwn(raw, k) && raw[k] !== undefined && raw[k] !== null;

  /**
   * A string field; optional ones accept null/absent as "not given". Its bound counts the
   * characters of the value as sent (P187): what the document's maxLength says, to the character.
   */
  const text = (field: string, required: boolean, max: number, multiline = false): string | null => {
    if (!has(field)) {
      if (required) errors.push(msg('field_required', { field }));
      return null;
    }
    const v = raw[field];
    if (typeof v !== 'string') {
      errors.push(msg('field_not_text', { field, got: typeName(v) }));
      return null;
    }
    // One rule for every text field (core/text.ts); only multi-line text may span lines.
    const control = forbiddenControl(v, multiline);
    if (control) {
      errors.push(msg(multiline ? 'field_control_multiline' : 'field_control', { field, char: control }));
      return null;
    }
    // A text has no more characters than UTF-16 units: counted only when its units pass the bound.
    if (v.length > max && characters(v) > max) {
      errors.push(msg('field_too_long', { field, max, length: characters(v) }));
      return null;
    }
    const t = v.trim();
    if (required && t === '') {
      errors.push(msg('field_empty', { field }));
      return null;
    }
    return t === '' ? null : t;
  };

  const oneOf = (field: string, allowed: readonly string[], inMarket: string | null): string | null => {
    const v = text(field, false, LIMITS.lookup);
    if (v === null) return null;
    const found = allowed.find((a) => a.toLowerCase() === v.toLowerCase());
    if (!found) errors.push(msg('value_not_accepted', { field, value: v, market: inMarket ?? 'none', allowed: allowed.join(', ') }));
    return found ?? null;
  };

  const whole = (field: string, min: number, max: number): number | null => {
    if (!has(field)) return null;
    const d = raw[field];
    if (typeof d !== 'number' || !Number.isInteger(d)) errors.push(msg('field_not_whole', { field, got: typeName(d) }));
    else if (d < min || d > max) errors.push(msg('field_out_of_range', { field, min, max, value: d }));
    else return d;
    return null;
  };

  // The fields with rules of their own, read in the table's order (a model after its brand).
  let brand: CatalogBrand | undefined;
  let model: CatalogModel | undefined;
  const custom: Record<string, () => string | number | null> = {
    brand: () => {
      const brandText = text('brand', true, LIMITS.lookup);
      brand = brandText !== null ? catalog.findBrand(brandText) : undefined;
      if (brandText !== null && !brand) errors.push(msg('brand_unknown', { brand: brandText }));
      return brand?.name ?? null;
    },
    model: () => {
      const modelText = text('model', true, LIMITS.lookup);
      model = brand && modelText !== null ? catalog.findModel(brand, modelText) : undefined;
      if (brand && modelText !== null && !model) {
        errors.push(msg('model_unknown', { model: modelText, brand: brand.name, brand_slug: brand.slug }));
      }
      return model?.name ?? null;
    },
    year: () => {
      if (!has('year')) errors.push(msg('field_required', { field: 'year' }));
      else if (typeof raw.year !== 'number' || !Number.isInteger(raw.year)) errors.push(msg('field_not_whole', { field: 'year', got: typeName(raw.year) }));
      else if (raw.year < LIMITS.yearMin) errors.push(msg('year_too_old', { min: LIMITS.yearMin, value: raw.year }));
      else if (raw.year > Math.min(ctx.lastModelYear, LIMITS.yearMax))
        errors.push(msg('year_too_new', { max: Math.min(ctx.lastModelYear, LIMITS.yearMax), value: raw.year }));
      else {
        if (model && !model.years.includes(raw.year)) {
          errors.push(msg('year_not_of_model', { year: raw.year, brand: brand!.name, model: model.name, years: describeYears(model.years) }));
        }
        return raw.year;
      }
      return 0;
    },
    // a JSON number, > 0, at most two decimals; kept in whole cents
    price: () => {
      if (!has('price')) errors.push(msg('field_required', { field: 'price' }));
      else if (typeof raw.price !== 'number' || !Number.isFinite(raw.price)) errors.push(msg('price_not_number', { got: typeName(raw.price) }));
      else if (raw.price <= 0) errors.push(msg('price_not_positive'));
      else if (raw.price > LIMITS.price) errors.push(msg('price_too_high', { max: LIMITS.price }));
      else {
        const cents = Math.round(raw.price * 100);
        if (Math.abs(raw.price - cents / 100) > 4 * Number.EPSILON * raw.price) errors.push(msg('price_decimals'));
        else return cents;
      }
      return 0;
    },
    mileage: () => {
      if (!has('mileage')) errors.push(msg('mileage_required'));
      else if (typeof raw.mileage !== 'number' || !Number.isInteger(raw.mileage))
        errors.push(msg('field_not_whole', { field: 'mileage', got: typeName(raw.mileage) }));
      else if (raw.mileage < 0) errors.push(msg('mileage_negative'));
      else if (raw.mileage > LIMITS.mileage) errors.push(msg('mileage_too_high', { max: LIMITS.mileage, unit: market.mileage_unit }));
      else return raw.mileage;
      return 0;
    },
    // P27: what buyers search by
    vin: () => {
      const vinText = text('vin', false, LIMITS.vin);
      if (vinText === null) return null;
      const normalized = normalizeVin(vinText);
      const problem = vinProblem(normalized, market.code);
      if (problem) errors.push(problem);
      return problem ? null : normalized;
    },
  };

  const value: Record<string, unknown> = {};
  for (const f of VEHICLE_FIELDS as readonly VehicleField[]) {
    const r = f.rule;
    const v =
      r.kind === 'custom'
        ? custom[f.name]!()
        : r.kind === 'text'
          ? text(f.name, f.required, r.max, r.multiline)
          : r.kind === 'vocabulary'
            ? oneOf(f.name, r.values(market), r.perMarket ? market.name : null)
            : whole(f.name, r.min, r.max);
    value[f.prop] = v ?? f.fallback?.(ctx) ?? null;
  }

  // photos
  if (!has('photos')) {
    if (ctx.photosRequired) errors.push(photosRequired(market));
  } else if (!Array.isArray(raw.photos)) {
    errors.push(msg('photos_not_list', { got: typeName(raw.photos) }));
  } else {
    const list = raw.photos as unknown[];
    const { min, max } = market.photos;
    if (list.length < min || list.length > max) errors.push(msg('photos_count', { min, max, count: list.length }));
    const seen = new Map<string, number>();
    const urls: string[] = [];
    list.forEach((p, i) => {
      const parsed = ctx.uploads && typeof p === 'string' && isUploadRef(p) ? p : parsePhotoUrl(p, i + 1);
      if (typeof parsed === 'string') {
        if (seen.has(parsed)) errors.push(msg('photo_repeats', { n: i + 1, first: seen.get(parsed)! + 1 }));
        else seen.set(parsed, i);
        return urls.push(parsed);
      }
      if (!(parsed instanceof URL)) return errors.push(parsed);
      const url = parsed.toString();
      const first = seen.get(url);
      if (first !== undefined) errors.push(msg('photo_repeats', { n: i + 1, first: first + 1 }));
      else seen.set(url, i);
      urls.push(url);
    });
    value.photos = urls;
  }

  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: value as VehicleData };
}

/** The photo URL, parsed (once: it is the costliest check of a car), or what is wrong with it. */
function parsePhotoUrl(p: unknown, n: number): URL | Msg {
  if (typeof p !== 'string') return msg('photo_not_text', { n, got: typeName(p) });
  if (p.length > LIMITS.photoUrl && characters(p) > LIMITS.photoUrl) return msg('photo_url_too_long', { n, max: LIMITS.photoUrl });
  let u: URL;
  try {
    u = new URL(p.trim());
  } catch {
    return msg('photo_not_absolute', { n, url: p.slice(0, 100) });
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return msg('photo_scheme', { n });
  if (u.username || u.password) return msg('photo_credentials', { n });
  return u;
}

/** "1966–1996, 2021–2027" */
function describeYears(years: number[]): string {
  const ranges: string[] = [];
  let start = years[0]!;
  for (let i = 1; i <= years.length; i++) {
    if (i === years.length || years[i] !== years[i - 1]! + 1) {
      const end = years[i - 1]!;
      ranges.push(start === end ? `${start}` : `${start}–${end}`);
      start = years[i]!;
    }
  }
  return ranges.join(', ');
}

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/i;
// A web address: a scheme or www., or a lowercase name.tld standing on its own ("miauto.com.ar"),
// not a sentence missing its space ("dueño.Es un auto").
const WEB =
  /\b(?:https?:\/\/|www\.)\S+|(?:^|[\s(/:])[a-z0-9][a-z0-9-]{1,62}\.(?:com|net|org|info|biz|ar|br|cl|co|mx|pe|uy|es|us|uk|io)(?:\.[a-z]{2})?(?=$|[\s/),;:!?]|\.(?:\s|$))/;
// Runs of digits with spaces, dashes or parentheses (not dots: "12.500.000" is a price).
const DIGIT_RUN = /(?:\+\s*)?\(?\d[\d\s\-()]{6,}\d/g;

/**
 * A phone number, told from years and mileages ("2019 45000 km") and spaced prices
 * ("12 500 000"): 8-15 digits written with a +, a dash or parentheses, or all together, or in
 * three or more space-separated groups ending in four digits ("011 4567 8901"). Returns the
 * number as written, or null.
 */
function phoneIn(text: string): string | null {
  for (const m of text.matchAll(DIGIT_RUN)) {
    const run = m[0].trim();
    const digits = run.replace(/\D/g, '').length;
    if (digits < 8 || digits > 15) continue;
    if (/[+\-()]/.test(run) || /^\d+$/.test(run)) return run;
    const groups = run.split(/\s+/);
    if (groups.length >= 3 && /^\d{4}$/.test(groups[groups.length - 1]!)) return run;
  }
  return null;
}

/** Contact details found in a car's text: where, what kind, and the text as written. */
export interface ContactDetail {
  field: 'version' | 'description';
  kind: 'an e-mail address' | 'a web address' | 'a phone number';
  text: string;
}

/**
 * Contact details in text the dealer wrote (D5): buyers must write through the marketplace,
 * so such a car is held `in_review`. Returns the first one found, or null.
 */
export function findContactDetail(v: Pick<VehicleData, 'version' | 'description'>): ContactDetail | null {
  for (const [field, value] of [
    ['version', v.version],
    ['description', v.description],
  ] as const) {
    if (!value) continue;
    // Without an '@' EMAIL cannot match; testing for it first skips the regex's slow failure.
    const email = value.includes('@') ? EMAIL.exec(value) : null;
    if (email) return { field, kind: 'an e-mail address', text: email[0] };
    const web = WEB.exec(value);
    if (web) return { field, kind: 'a web address', text: web[0].replace(/^[\s(/:]+/, '') };
    const phone = phoneIn(value);
    if (phone) return { field, kind: 'a phone number', text: phone };
  }
  return null;
}

/** Whether (and what) contact details hold the car in review: "description contains a phone number". */
export function contactDetailsIn(v: Pick<VehicleData, 'version' | 'description'>): string | null {
  const found = findContactDetail(v);
  return found ? `${found.field} contains ${found.kind}` : null;
}
