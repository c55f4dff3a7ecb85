// Listing quality (D43, P220): a score 0–100 from the published weights (docs/quality.md) and the
// hints that explain every point missing. Computed from a car's row alone — its text fields and
// its `photo_checks` (each listed photo's check flags, settled from the photo rows) — so a write
// stores the score (for sorting and the panel's lists) and a read derives the same hints without
// another query. Cheap on purpose: a sync of 500 cars scores each one as it writes it.
import type { VehicleRow } from '../../core/db/schema.js';
import { msg, render, type Lang, type Msg } from '../../core/i18n/index.js';
import { CHECK } from '../photos/checks.js';

/**
 * The weights (docs/quality.md): mobile.de's published split — photo count 20, image quality
 * 40, attributes 30, description 10 — with D43's thresholds.
 */
const QUALITY_WEIGHTS = {
  /** Photo count: full marks from PHOTOS_FULL photos (D43's photos_few), in equal steps. */
  photos: 20,
  /** Image quality, per check: the share of judged photos that fail it loses that share of its weight. */
  photo_small: 8,
  photo_blurry: 10,
  photo_exposure: 4,
  photo_duplicate: 6,
  photo_elsewhere: 8,
  /** The first photo (the one the lists show) standing upright: all or nothing. */
  photo_portrait_first: 4,
  /** Attributes buyers filter by (D43), each all or nothing. */
  fuel: 8,
  transmission: 8,
  version: 7,
  color: 7,
  /** Description: full marks from DESCRIPTION_FULL characters, in proportion below. */
  description: 10,
} as const;

const PHOTOS_FULL = 8;
export const DESCRIPTION_FULL = 400;

/** The photo checks judged as a share of the photos (each a hint per photo). */
const PHOTO_SHARE_CHECKS = [
  { code: 'photo_small', bits: CHECK.small },
  { code: 'photo_blurry', bits: CHECK.blurry },
  { code: 'photo_exposure', bits: CHECK.dark | CHECK.bright },
  { code: 'photo_duplicate', bits: CHECK.duplicate },
  { code: 'photo_elsewhere', bits: CHECK.elsewhere },
] as const;

const ATTRIBUTE_FIELDS = ['fuel', 'transmission', 'version', 'color'] as const;
type AttributeField = (typeof ATTRIBUTE_FIELDS)[number];

export const HINT_CODES = [
  'photos_few',
  'photo_small',
  'photo_blurry',
  'photo_exposure',
  'photo_duplicate',
  'photo_elsewhere',
  'photo_portrait_first',
  'description_short',
  'attribute_missing',
] as const;
export type HintCode = (typeof HINT_CODES)[number];

/** A hint as stored facts: each reader gets its words in their language. */
export interface QualityHintFact {
  code: HintCode;
  field: string;
  /** Photo hints: the photo's 0-based position in the dealer's list. */
  photo?: number;
  points: number;
  /** photo_exposure: which way. */
  dark?: boolean;
}

/**
 * An entry of vehicles.photo_checks per listed photo, in the dealer's order: the photo's CHECK
 * flags once it is in, null while it is pending, -1 when it failed (not shown, not counted).
 */
export type PhotoCheckEntry = number | null;

/** What the score reads of a car. */
export type QualityInput = Pick<VehicleRow, 'fuel' | 'transmission' | 'version' | 'color' | 'description'> & { photo_checks: string };

interface Parts {
  /** Photos listed and not failed. */
  count: number;
  /** The flags of the photos in (judged), by position. */
  judged: { position: number; flags: number }[];
  /** The first shown photo's position and flags (null: none, or not in yet). */
  firstPosition: number;
  firstFlags: number | null;
  attributes: Record<AttributeField, boolean>;
  descriptionLength: number;
}

/** Characters as people count them (an emoji is one), without making an array of them. */
function codePoints(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) n--;
  }
  return n;
}

function partsOf(car: QualityInput): Parts {
  const entries = JSON.parse(car.photo_checks) as PhotoCheckEntry[];
  const judged: Parts['judged'] = [];
  let count = 0;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (e === -1) continue;
    count++;
    if (e !== null && e !== undefined) judged.push({ position: i, flags: e });
  }
  const first = entries.findIndex((e) => e !== -1);
  const firstFlags = first >= 0 ? (entries[first] ?? null) : null;
  return {
    count,
    judged,
    firstPosition: first,
    firstFlags,
    attributes: { fuel: !!car.fuel, transmission: !!car.transmission, version: !!car.version, color: !!car.color },
    descriptionLength: car.description ? codePoints(car.description.trim()) : 0,
  };
}

/** The exact (unrounded) total of the parts. */
function total(p: Parts): number {
  const W = QUALITY_WEIGHTS;
  let sum = (W.photos * Math.min(p.count, PHOTOS_FULL)) / PHOTOS_FULL;
  // No photo at all: nothing to judge, no image-quality marks. Photos listed but none in yet:
  // not judged yet, full marks meanwhile (the score may change until photos_pending is 0, D43).
  if (p.count > 0) {
    let quality = 40;
    if (p.judged.length > 0) {
      for (const c of PHOTO_SHARE_CHECKS) {
        const failing = p.judged.filter((j) => (j.flags & c.bits) !== 0).length;
        quality -= (W[c.code] * failing) / p.judged.length;
      }
    }
    if (p.firstFlags !== null && (p.firstFlags & CHECK.portrait) !== 0) quality -= W.photo_portrait_first;
    sum += quality;
  }
  for (const f of ATTRIBUTE_FIELDS) if (p.attributes[f]) sum += W[f];
  sum += (W.description * Math.min(p.descriptionLength, DESCRIPTION_FULL)) / DESCRIPTION_FULL;
  return sum;
}

/** Whole points; a hair above an integer from float sums is not lost. */
const points = (exact: number): number => Math.round(exact + 1e-9);

export interface Quality {
  score: number;
  hints: QualityHintFact[];
}

/** The score alone (what a write stores). */
export const qualityScore = (car: QualityInput): number => points(total(partsOf(car)));

/**
 * The score and its hints. Each hint's `points` is the score with that one thing fixed less the
 * score now (the arithmetic is the score's own, so the two can never disagree); hints are in the
 * order of what they gain, most first, then by position.
 */
export function qualityOf(car: QualityInput): Quality {
  const p = partsOf(car);
  const score = points(total(p));
  const hints: QualityHintFact[] = [];
  const gain = (fixed: Parts): number => points(total(fixed)) - score;
  if (p.count < PHOTOS_FULL) {
    // Fixed: the missing photos added, each sound.
    const added = Array.from({ length: PHOTOS_FULL - p.count }, (_, i) => ({ position: -1 - i, flags: 0 }));
    hints.push({ code: 'photos_few', field: 'photos', points: gain({ ...p, count: PHOTOS_FULL, judged: [...p.judged, ...added] }) });
  }
  for (const j of p.judged) {
    for (const c of PHOTO_SHARE_CHECKS) {
      if ((j.flags & c.bits) === 0) continue;
      const judged = p.judged.map((o) => (o === j ? { position: o.position, flags: o.flags & ~c.bits } : o));
      const hint: QualityHintFact = { code: c.code, field: 'photos', photo: j.position, points: gain({ ...p, judged }) };
      if (c.code === 'photo_exposure') hint.dark = (j.flags & CHECK.dark) !== 0;
      hints.push(hint);
    }
  }
  if (p.firstFlags !== null && (p.firstFlags & CHECK.portrait) !== 0) {
    hints.push({ code: 'photo_portrait_first', field: 'photos', photo: p.firstPosition, points: gain({ ...p, firstFlags: p.firstFlags & ~CHECK.portrait }) });
  }
  if (p.descriptionLength < DESCRIPTION_FULL) {
    hints.push({ code: 'description_short', field: 'description', points: gain({ ...p, descriptionLength: DESCRIPTION_FULL }) });
  }
  for (const f of ATTRIBUTE_FIELDS) {
    if (!p.attributes[f]) hints.push({ code: 'attribute_missing', field: f, points: gain({ ...p, attributes: { ...p.attributes, [f]: true } }) });
  }
  hints.sort((a, b) => b.points - a.points || (a.photo ?? -1) - (b.photo ?? -1));
  return { score, hints };
}

/** A hint's words as a code of the catalogue (D31). */
export function hintMsg(h: QualityHintFact): Msg {
  const n = (h.photo ?? 0) + 1;
  switch (h.code) {
    case 'photos_few':
      return msg('quality_photos_few', { min: PHOTOS_FULL });
    case 'photo_small':
      return msg('quality_photo_small', { n });
    case 'photo_blurry':
      return msg('quality_photo_blurry', { n });
    case 'photo_exposure':
      return h.dark ? msg('quality_photo_dark', { n }) : msg('quality_photo_bright', { n });
    case 'photo_duplicate':
      return msg('quality_photo_duplicate', { n });
    case 'photo_elsewhere':
      return msg('quality_photo_elsewhere', { n });
    case 'photo_portrait_first':
      return msg('quality_photo_portrait_first');
    case 'description_short':
      return msg('quality_description_short', { min: DESCRIPTION_FULL });
    case 'attribute_missing':
      return msg('quality_attribute_missing', { attribute: h.field });
  }
}

/** The API's `quality` (D43) in `lang`. */
export interface QualityHint {
  code: HintCode;
  field: string;
  message: string;
  points: number;
  photo?: number;
}

export function qualityIn(lang: Lang, q: Quality): { score: number; hints: QualityHint[] } {
  return {
    score: q.score,
    hints: q.hints.map((h) => {
      const out: QualityHint = { code: h.code, field: h.field, message: render(lang, hintMsg(h)), points: h.points };
      if (h.photo !== undefined) out.photo = h.photo;
      return out;
    }),
  };
}

/** vehicles.photo_checks of a car whose photos are all pending: a null per photo. */
/** A score under this is "worth a look" (the panel's amber badge, docs/quality.md). */
const QUALITY_LOW = 50;

/**
 * Cars a dry run's answer lists with their hints (D43, P259): a 30 000-car feed file's would be
 * 12 MB, the same sentences 30 000 times. Its summary counts every car.
 */
export const DRY_RUN_QUALITY_MAX = 1000;

/** The scores' average to one decimal (null without cars) and how many are under QUALITY_LOW. */
export function qualitySummary(cars: readonly { score: number }[]): { cars: number; average: number | null; under_50: number } {
  let sum = 0;
  let under = 0;
  for (const c of cars) {
    sum += c.score;
    if (c.score < QUALITY_LOW) under++;
  }
  return { cars: cars.length, average: cars.length === 0 ? null : Math.round((sum / cars.length) * 10) / 10, under_50: under };
}

export const pendingPhotoChecks = (count: number): string => (count === 0 ? '[]' : `[${'null,'.repeat(count - 1)}null]`);
