// Cars made and fixed in the panel (D33, P104–P106). One path for every panel write: the car as
// the API would send it (its stored fields, the form's edits on top), checked by the API's own
// rules (validateVehicle) and written by the API's own writer (applyVehicles: content, price
// history, photo rows and jobs, status) in one transaction under the dealership's inventory
// lock, as PUT does. A car from another source keeps it (its next sync overwrites the edit); a
// car made here has source `panel`, which no call may send, so no sync or reconcile of a source
// ever lists or marks it.
import crypto from 'node:crypto';
import { lockDealerInventory } from '../../core/db/locks.js';
import type { VehicleRow } from '../../core/db/schema.js';
import { writeTransaction } from '../../core/db/transaction.js';
import type { Msg } from '../../core/i18n/index.js';
import { findMarket } from '../markets/markets.js';
import { applyVehicles, type ActivityBy } from './apply.js';
import { VEHICLE_FIELDS, type VehicleField } from './fields.js';
import { findDealerVehicle, findVehicle } from './repository.js';
import { resolveMarket } from './scope.js';
import { toVehicle } from './serialize.js';
import { lastModelYear, type VehicleDeps } from './service.js';
import { PANEL_SOURCE } from './sources.js';
import { validateVehicle } from './validation.js';

export interface PanelDealer {
  id: number;
  markets: string[];
  city: string | null;
}

/** A panel user as the car's activity names them (P211): by name, else e-mail. */
export const byUser = (user: { id: number; name: string; email: string }): ActivityBy => ({ channel: 'panel', userId: user.id, name: user.name || user.email });

/** Where a panel write goes: an existing car of the dealership, or a new one in a market. */
export type PanelTarget = { carId: number } | { market: string };

export type PanelSaveResult = { ok: true; row: VehicleRow; created: boolean } | { ok: false; errors: Msg[] } | { ok: false; notFound: true };

const fields = VEHICLE_FIELDS as readonly VehicleField[];

/** A stored car as the API's input would carry it: every content field by its API name, and its photo list. */
function inputOf(row: VehicleRow): Record<string, unknown> {
  const shown = toVehicle(row, '') as unknown as Record<string, unknown>;
  const raw: Record<string, unknown> = {};
  for (const f of fields) {
    const v = shown[f.name];
    if (v === null || v === '') continue;
    raw[f.name] = f.name === 'price' ? row.price_cents / 100 : v;
  }
  raw.photos = JSON.parse(row.photo_urls) as string[];
  return raw;
}

const STOCK_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new panel car's stock ID: `P-` and 8 random characters (a dealer with no system of its own has no stock IDs). */
function panelStockId(): string {
  const bytes = crypto.randomBytes(8);
  let id = 'P-';
  for (const b of bytes) id += STOCK_ALPHABET[b & 31]!;
  return id;
}

/**
 * Writes `edits` (API field names; `photos` the whole new list, upload references allowed) onto
 * the target car, or creates it. With no edits, an existing car is simply sent again: a sold,
 * withdrawn or expired car comes back for sale (D5), the panel's undo.
 */
export async function savePanelCar(
  deps: VehicleDeps,
  dealer: PanelDealer,
  target: PanelTarget,
  edits: Record<string, unknown>,
  /** The user, for the car's activity (P211). */
  by?: ActivityBy,
): Promise<PanelSaveResult> {
  const { store, clock } = deps;
  return writeTransaction(store, async (trx) => {
    await lockDealerInventory(trx, store.dialect, dealer.id);
    let current: VehicleRow | undefined;
    if ('carId' in target) {
      current = await findDealerVehicle(trx, dealer.id, target.carId);
      if (!current) return { ok: false, notFound: true } as const;
    }
    const market = current ? findMarket(current.market)! : resolveMarket(dealer.markets, 'market' in target ? target.market : undefined);
    const raw = { ...(current ? inputOf(current) : {}), ...edits };
    const checked = validateVehicle(raw, {
      market,
      catalog: deps.catalog,
      lastModelYear: lastModelYear(clock),
      defaultCity: dealer.city,
      photosRequired: true,
      uploads: true,
    });
    if (!checked.ok) return { ok: false, errors: checked.errors } as const;
    let externalId = current?.external_id;
    if (!externalId) {
      // A random ID that another car of the market already has is drawn again.
      do externalId = panelStockId();
      while (await findVehicle(trx, dealer.id, market.code, externalId));
    }
    const source = current?.source ?? PANEL_SOURCE;
    const existing = new Map(current ? [[externalId, current]] : []);
    await applyVehicles(
      trx,
      clock,
      { dealerId: dealer.id, market: market.code, source, now: clock.now(), by },
      [{ externalId, data: checked.value }],
      existing,
    );
    const row = (await findVehicle(trx, dealer.id, market.code, externalId))!;
    return { ok: true, row, created: !current } as const;
  });
}
