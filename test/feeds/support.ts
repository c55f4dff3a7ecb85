// Shared by the feeds-*.test.ts files: a feed for a seeded dealership, CSV files of valid cars,
// and readers of events and reports.
import type { TestApp } from '../support/app.js';
import { photoUrls } from '../support/photos.js';
import { createFeed } from '../../src/modules/feeds/service.js';
import { aCar, GOL } from '../support/cars.js';

export const PHOTOS = (id: string) => photoUrls(id);

export interface CsvCar {
  external_id: string;
  brand?: string;
  model?: string;
  year?: number | string;
  price?: number | string;
  mileage?: number | string;
  photos?: string;
}

/** A valid car as a CSV row: aCar()'s 2015 Gol, its photos joined by `|`. */
export const csvCar = (external_id: string, over: Partial<CsvCar> = {}): CsvCar => ({
  external_id,
  ...aCar({ ...GOL, photos: PHOTOS(external_id).join('|'), ...over }),
});

const COLUMNS = ['external_id', 'brand', 'model', 'year', 'price', 'mileage', 'photos'] as const;

export function csv(cars: CsvCar[]): string {
  const cell = (v: CsvCar[keyof CsvCar]) => {
    const s = v === undefined ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return [COLUMNS.join(','), ...cars.map((c) => COLUMNS.map((k) => cell(c[k])).join(','))].join('\n') + '\n';
}

export const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}`);

export async function feedFor(t: TestApp, slug: string, input: { url?: string; source?: string } = {}): Promise<{ token: string; path: string; id: number }> {
  const f = await createFeed(t.store, t.clock, 'http://localhost:3000', { dealer: slug, ...input });
  const row = await t.store.db.selectFrom('feeds').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  return { token: f.token, path: `/v1/feeds/${f.token}/`, id: row.id };
}

/** An event's data as stored, parsed: the fields the tests read (which are there depends on the type). */
export interface EventData {
  external_id?: string;
  market?: string;
  source?: string;
  channel?: string;
  reason?: string;
  message?: string;
  more_rejected?: number;
  errors?: string[];
}

export async function eventsOf(t: TestApp, slug: string, type: string): Promise<EventData[]> {
  const dealer = await t.store.db.selectFrom('dealers').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  const rows = await t.store.db.selectFrom('events').selectAll().where('dealer_id', '=', dealer.id).where('type', '=', type).orderBy('created_at').execute();
  return rows.map((e) => JSON.parse(e.data) as EventData);
}

export async function vehiclesOf(t: TestApp, slug: string) {
  const dealer = await t.store.db.selectFrom('dealers').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  return t.store.db.selectFrom('vehicles').selectAll().where('dealer_id', '=', dealer.id).orderBy('external_id').execute();
}

export const pushCsv = (t: TestApp, path: string, body: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'text/csv', ...headers }, payload: body });
