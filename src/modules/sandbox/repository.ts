// Emptying a sandbox (D35, P125): every row of the sandbox twin's cars, leads, webhooks, feeds
// and their history, in the caller's transaction. The twin and its keys stay.
import type { Kysely } from 'kysely';
import type { DB } from '../../core/db/schema.js';

export interface Emptied {
  vehicles: number;
  leads: number;
  webhooks: number;
  feeds: number;
}

const count = (r: { numDeletedRows: bigint }[]): number => Number(r[0]?.numDeletedRows ?? 0n);

/** Deletes what the twin `twinId` holds, children first; how many cars, leads, webhooks and feeds went. */
export async function emptyTwin(trx: Kysely<DB>, twinId: number): Promise<Emptied> {
  const cars = trx.selectFrom('vehicles').select('id').where('dealer_id', '=', twinId);
  const leads = trx.selectFrom('leads').select('id').where('dealer_id', '=', twinId);
  const webhooks = await trx.selectFrom('webhooks').select('id').where('dealer_id', '=', twinId).execute();
  const feeds = await trx.selectFrom('feeds').select('id').where('dealer_id', '=', twinId).execute();
  // Their queued work: deliveries to the sandbox's webhooks, pulls of its feeds. A photo download
  // of a deleted car finds no photo row and ends (vehicles/photos/download.ts).
  const jobKeys = [...webhooks.map((w) => `webhook:${w.id}`)];
  if (jobKeys.length) await trx.deleteFrom('jobs').where('concurrency_key', 'in', jobKeys).execute();
  if (feeds.length)
    await trx
      .deleteFrom('jobs')
      .where(
        'job_key',
        'in',
        feeds.map((f) => `feeds.pull:${f.id}`),
      )
      .execute();
  await trx
    .deleteFrom('webhook_attempts')
    .where('delivery_id', 'in', trx.selectFrom('webhook_deliveries').select('id').where('dealer_id', '=', twinId))
    .execute();
  await trx.deleteFrom('webhook_deliveries').where('dealer_id', '=', twinId).execute();
  await trx.deleteFrom('events').where('dealer_id', '=', twinId).execute();
  await trx.deleteFrom('lead_messages').where('lead_id', 'in', leads).execute();
  await trx.deleteFrom('lead_contacts').where('lead_id', 'in', leads).execute();
  const leadRows = await trx.deleteFrom('leads').where('dealer_id', '=', twinId).execute();
  await trx.deleteFrom('listing_stats_daily').where('dealer_id', '=', twinId).execute();
  await trx.deleteFrom('listing_stats_dealer_daily').where('dealer_id', '=', twinId).execute();
  await trx.deleteFrom('vehicle_prices').where('vehicle_id', 'in', cars).execute();
  await trx.deleteFrom('photos').where('dealer_id', '=', twinId).execute();
  const carRows = await trx.deleteFrom('vehicles').where('dealer_id', '=', twinId).execute();
  await trx.deleteFrom('feed_imports').where('dealer_id', '=', twinId).execute();
  const feedRows = await trx.deleteFrom('feeds').where('dealer_id', '=', twinId).execute();
  const hookRows = await trx.deleteFrom('webhooks').where('dealer_id', '=', twinId).execute();
  await trx.deleteFrom('mails').where('dealer_id', '=', twinId).execute();
  // The sandbox's limits are its keys' own (their windows end by themselves); nothing else to clear.
  return { vehicles: count(carRows), leads: count(leadRows), webhooks: count(hookRows), feeds: count(feedRows) };
}
