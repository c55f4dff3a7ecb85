// Why a car is held in_review (D5, D10), in sentences a salesperson can act on. Derived from the
// car's row alone (its text and its photo_state), so a list of cars or a cached read needs no
// other query, and the reasons can never disagree with the state they explain.
import type { VehicleRow } from '../../core/db/schema.js';
import { msg, render, storedMsg, type Lang, type Msg } from '../../core/i18n/index.js';
import { minPhotosOf } from '../markets/markets.js';
import type { PhotoStateEntry } from './photos/state.js';
import { findContactDetail, type ContactDetail } from './validation.js';

/** The found contact detail is echoed (it is the dealer's own text) but kept short. */
const EXCERPT_MAX = 40;

const excerpt = (text: string): string => (text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text);

/** A failure reason as a clause: "The host … could not be resolved." → "the host … could not be resolved". */
function clause(reason: string): string {
  const r = reason.trim().replace(/\.$/, '');
  return /^[A-Z][a-z]/.test(r) ? r[0]!.toLowerCase() + r.slice(1) : r;
}

/** One reason a car is held in_review, as facts: each page says it in its own language. */
export type ReviewFact =
  | { kind: 'contact'; field: ContactDetail['field']; detail: ContactDetail['kind']; text: string }
  | { kind: 'photo'; position: number; url: string; reason: Msg | string | null }
  | { kind: 'shortfall'; ready: number; min: number }
  | { kind: 'held' };

/**
 * When a car's photos are settled (none pending) with fewer than the market's minimum in: one
 * fact per failed photo and one for the count. Empty otherwise.
 */
function shortfallFacts(state: PhotoStateEntry[], minPhotos: number): ReviewFact[] {
  if (state.some((p) => p.status === 'pending')) return [];
  const ready = state.filter((p) => p.status === 'ready').length;
  if (ready >= minPhotos) return [];
  const out = state.flatMap((p, i): ReviewFact[] =>
    p.status === 'failed' ? [{ kind: 'photo', position: i + 1, url: p.source_url, reason: p.reason ? (storedMsg(p.reason) ?? clause(p.reason)) : null }] : [],
  );
  out.push({ kind: 'shortfall', ready, min: minPhotos });
  return out;
}

/** Why a car is held: empty unless it is in_review. */
export function reviewFacts(row: Pick<VehicleRow, 'status' | 'market' | 'version' | 'description' | 'photo_state'>): ReviewFact[] {
  if (row.status !== 'in_review') return [];
  const out: ReviewFact[] = [];
  const found = findContactDetail(row);
  if (found) out.push({ kind: 'contact', field: found.field, detail: found.kind, text: excerpt(found.text) });
  out.push(...shortfallFacts(JSON.parse(row.photo_state) as PhotoStateEntry[], minPhotosOf(row.market)));
  // Not reachable through the service (only these two hold a car), but never an empty answer.
  if (out.length === 0) out.push({ kind: 'held' });
  return out;
}

const DETAIL: Record<ContactDetail['kind'], 'email' | 'web' | 'phone'> = { 'an e-mail address': 'email', 'a web address': 'web', 'a phone number': 'phone' };

/** A reason as a code of the catalogue of words (D31): each reader gets it in their language. */
export function reviewMsg(f: ReviewFact): Msg {
  switch (f.kind) {
    case 'contact':
      return msg('review_contact', { where: f.field, detail: DETAIL[f.detail], text: f.text });
    case 'photo':
      return f.reason
        ? msg('review_photo', { position: f.position, url: f.url, reason: f.reason })
        : msg('review_photo_unknown', { position: f.position, url: f.url });
    case 'shortfall':
      return msg('review_shortfall', { ready: f.ready, min: f.min });
    case 'held':
      return msg('review_held');
  }
}

/** A reason in English: the API's default, and the `errors` of vehicle.rejected. */
const englishReason = (f: ReviewFact): string => render('en', reviewMsg(f));

/**
 * The photo reasons alone, in English: also the `errors` of the `vehicle.rejected` event
 * (channel photos), so that the event and `review_reasons` say the same.
 */
export const photoShortfall = (state: PhotoStateEntry[], minPhotos: number): string[] => shortfallFacts(state, minPhotos).map(englishReason);

/** `review_reasons` of a Vehicle in `lang`: empty unless the car is in_review. */
export const reviewReasons = (row: Pick<VehicleRow, 'status' | 'market' | 'version' | 'description' | 'photo_state'>, lang: Lang = 'en'): string[] =>
  reviewFacts(row).map((f) => render(lang, reviewMsg(f)));
