// The sandbox's own calls (D35, P122–P125): a buyer's inquiry made on demand, and emptying it.
// Everything else a sandbox key does is the ordinary service working on the sandbox twin's rows.
import crypto from 'node:crypto';
import { lockDealerInventory } from '../../core/db/locks.js';
import type { Store } from '../../core/db/store.js';
import { writeTransaction } from '../../core/db/transaction.js';
import { ApiError } from '../../core/errors.js';
import type { AuthContext } from '../../core/http/auth.js';
import { msg } from '../../core/i18n/index.js';
import { findSandboxTwin } from '../dealers/repository.js';
import { getDealerBySlug } from '../dealers/service.js';
import { checkInquiry, inquiryProblem, MESSAGE_MAX } from '../leads/inquiry.js';
import type { Lead } from '../leads/schemas.js';
import { receiveInquiry, type LeadDeps } from '../leads/service.js';
import { findVehicle } from '../vehicles/repository.js';
import { resolveMarket } from '../vehicles/scope.js';
import { readStockId } from '../vehicles/stock-id.js';
import { emptyTwin, type Emptied } from './repository.js';

const DEFAULT_MESSAGE = 'Hello, is this car still available? (a sandbox inquiry)';

/**
 * POST /v1/sandbox/leads: a buyer writes about the sandbox car, through the very service the
 * listing page's form uses (lead, lead.created, notices, statistics: one transaction). Each call is
 * a new buyer (a fresh example.com address, D37), so each makes a new lead. A live key: 403.
 */
export async function sandboxInquiry(
  deps: LeadDeps,
  auth: AuthContext,
  input: { external_id: string; message?: string | undefined; market?: string | undefined },
): Promise<{ lead: Lead }> {
  if (auth.livemode) throw new ApiError('sandbox_only', msg('sandbox_only'));
  const market = resolveMarket(auth.dealer.markets, input.market);
  const id = readStockId(input.external_id);
  if (!id.ok) throw new ApiError('invalid_request', id.problem);
  const car = await findVehicle(deps.store.db, auth.dealer.id, market.code, id.id);
  if (!car) throw new ApiError('not_found', msg('vehicle_not_found', { id: id.id }));
  const buyer = crypto.randomBytes(6).toString('hex');
  const checked = checkInquiry({ name: `Sandbox buyer ${buyer}`, email: `sandbox-${buyer}@example.com`, message: input.message ?? DEFAULT_MESSAGE });
  if (checked.kind !== 'ok')
    throw new ApiError(
      'invalid_request',
      msg('sandbox_message_invalid', { max: MESSAGE_MAX }),
      checked.kind === 'invalid' ? checked.problems.map(inquiryProblem) : undefined,
    );
  const { lead } = await receiveInquiry(deps, car, checked.inquiry);
  return { lead };
}

/**
 * Empties a dealership's sandbox (D35, P125): its cars, photos' rows, leads, events, webhooks,
 * deliveries, feeds and imports, in one transaction under the sandbox's inventory lock (a sync
 * running meanwhile waits, then finds nothing). Its keys stay, so an integration goes on working.
 */
export async function resetSandbox(store: Store, input: { dealer: string } | { dealerId: number }): Promise<Emptied & { dealer: string }> {
  const dealer = 'dealer' in input ? await getDealerBySlug(store.db, input.dealer) : { id: input.dealerId, slug: String(input.dealerId) };
  const twin = await findSandboxTwin(store.db, dealer.id);
  if (!twin) return { dealer: dealer.slug, vehicles: 0, leads: 0, webhooks: 0, feeds: 0 };
  const emptied = await writeTransaction(store, async (trx) => {
    await lockDealerInventory(trx, store.dialect, twin.id);
    return emptyTwin(trx, twin.id);
  });
  return { dealer: dealer.slug, ...emptied };
}
