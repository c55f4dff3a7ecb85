// A valid car (market ar) as dealers send it: aCar() with the fields a test is about as overrides;
// aStock() for a numbered stock; publishCar() makes a car `active` the way dealers do (PUT with
// photo URLs on a loopback photo host, then the photo jobs run).
import assert from 'node:assert/strict';
import type { TestApp } from './app.js';
import { bearer } from './dealers.js';
import { photoUrls, type PhotoHost } from './photos.js';

const A_CAR = { brand: 'Toyota', model: 'Corolla', year: 2019, price: 12_500, mileage: 45_000 };

/** Overrides for the 2015 Volkswagen Gol that sync, feed and text tests send (bench cars too). */
export const GOL = { brand: 'Volkswagen', model: 'Gol', year: 2015, price: 5_500_000, mileage: 98_000 };

export type Car = typeof A_CAR & { photos: string[] };

/** A valid car: a 2019 Toyota Corolla with three photo URLs, then the overrides. */
export function aCar(): Car;
export function aCar<O extends object>(overrides: O): Omit<Car, keyof O> & O;
export function aCar(overrides: object = {}): object {
  return { ...A_CAR, photos: photoUrls(), ...overrides };
}

/** n valid cars with stock IDs <prefix>-1 … <prefix>-n, each with the same overrides. */
export function aStock(prefix: string, n: number, overrides: Record<string, unknown> = {}): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => aCar({ external_id: `${prefix}-${i + 1}`, ...overrides }));
}

export interface CarAnswer {
  external_id: string;
  listing_id: string;
  status: string;
  url: string;
  photos: string[];
  [k: string]: unknown;
}

/** PUTs a car and runs the photo jobs; the car is returned as GET shows it (active unless held). */
export async function publishCar(
  t: TestApp,
  key: string,
  host: PhotoHost,
  externalId: string,
  over: Record<string, unknown> = {},
  photoCount = 3,
  query = '',
): Promise<CarAnswer> {
  const body = aCar({ price: 18_500_000, photos: host.urls(externalId, photoCount), ...over });
  const put = await t.app.inject({ method: 'PUT', url: `/v1/vehicles/${externalId}${query}`, headers: bearer(key), payload: body });
  assert.ok(put.statusCode === 201 || put.statusCode === 200, put.body);
  await t.app.services.jobs.runDue();
  const got = await t.app.inject({ url: `/v1/vehicles/${externalId}${query}`, headers: bearer(key) });
  assert.equal(got.statusCode, 200, got.body);
  return got.json().vehicle as CarAnswer;
}
