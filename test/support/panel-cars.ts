// Cars for the panel's tests, with or without a browser: put in through the API as a dealer's
// system would (PUT, sync), read back from the store (by ID or by stock ID), photos uploaded as a
// browser sends files, and a panel form posted as multipart with the client's session.
import sharp from 'sharp';
import type { TestApp } from './app.js';
import { aCar } from './cars.js';
import { bearer } from './dealers.js';
import type { PanelClient } from './panel.js';

type Inject = Pick<TestApp, 'app'>;
type Db = Pick<TestApp, 'store'>;
type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;

/** PUTs a car (aCar with the overrides) as stock ID `ext`: the answer as sent (201 new, 200 updated). */
export function putCar(t: Inject, key: string, ext: string, over: Record<string, unknown> = {}): Promise<Answer> {
  return t.app.inject({ method: 'PUT', url: `/v1/vehicles/${ext}`, headers: bearer(key), payload: aCar(over) });
}

/** POSTs a sync of these cars (as sent: aCar(…) each), with its scope (source, market). */
export function syncCars(t: Inject, key: string, vehicles: Record<string, unknown>[], scope: { source?: string; market?: string } = {}): Promise<Answer> {
  return t.app.inject({ method: 'POST', url: '/v1/vehicles/sync', headers: bearer(key), payload: { vehicles, ...scope } });
}

/** The car's row, by its ID. */
export function carById(t: Db, id: number) {
  return t.store.db.selectFrom('vehicles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The dealership's car of stock ID `ext` (carId: its ID only). */
export function carByStockId(t: Db, dealerId: number, ext: string) {
  return t.store.db.selectFrom('vehicles').selectAll().where('dealer_id', '=', dealerId).where('external_id', '=', ext).executeTakeFirstOrThrow();
}

export const carId = async (t: Db, dealerId: number, ext: string): Promise<number> => (await carByStockId(t, dealerId, ext)).id;

/** 800 × 600 JPEGs, one per shade, named IMG_1.jpg …: files as a browser uploads them. */
export async function photoFiles(shades: number[], green: number): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  return Promise.all(
    shades.map(async (shade, i) => ({
      name: `IMG_${i + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: shade, g: green, b: 255 - shade } } })
        .jpeg()
        .toBuffer(),
    })),
  );
}

/** A file of a form: bare bytes go in the `photos` field. */
export type FormFile = Buffer | { field: string; bytes: Buffer };

/** A multipart body of text fields and files (named IMG_0.jpg, IMG_1.jpg …, sent as JPEG). */
function multipart(fields: Record<string, string>, files: FormFile[]): { body: Buffer; type: string } {
  const boundary = `----panelcars${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  files.forEach((f, i) => {
    const { field, bytes } = Buffer.isBuffer(f) ? { field: 'photos', bytes: f } : f;
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="IMG_${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      bytes,
      Buffer.from('\r\n'),
    );
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** Posts a panel form with files as `c` (its cookies, address and the CSRF token of the last page it read). */
export async function postMultipart(t: Inject, c: PanelClient, url: string, fields: Record<string, string>, files: FormFile[]) {
  const { body, type } = multipart({ _csrf: c.csrf, ...fields }, files);
  const res = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress: c.ip,
    headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'content-type': type },
    payload: body,
  });
  return { status: res.statusCode, body: res.body, location: res.headers.location };
}
