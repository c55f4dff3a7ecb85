// Saved replies (issue 26, P102): each user keeps a few answers of their own ("¿Cuándo podés venir
// a verlo?") and inserts one into a reply with a tap. A user's list is theirs within their
// dealership: another user's (or dealership's) saved reply reads and deletes as none. At most
// SAVED_REPLIES_MAX each, of at most SAVED_REPLY_MAX characters, checked under the dealership's
// users lock so two tabs cannot pass the limit together.
import type { Clock } from '../../core/clock.js';
import { lockDealerUsers } from '../../core/db/locks.js';
import type { SavedReplyRow } from '../../core/db/schema.js';
import type { Store } from '../../core/db/store.js';
import { writeTransaction } from '../../core/db/transaction.js';
import { forbiddenControl } from '../../core/text.js';
import * as repo from './repository.js';

export const SAVED_REPLIES_MAX = 20;
export const SAVED_REPLY_MAX = 1000;

export type SavedReplyProblem = 'required' | 'too_long' | 'invalid' | 'too_many';

/** The text as kept (line breaks normalised, trimmed), or what is wrong with it. */
function savedReplyText(text: string): { text: string } | { problem: SavedReplyProblem } {
  const t = text.replace(/\r\n?/g, '\n').trim();
  if (t === '') return { problem: 'required' };
  // Characters as people count them (code points), as replies are (service.ts).
  let chars = 0;
  for (const _ of t) chars++;
  if (chars > SAVED_REPLY_MAX) return { problem: 'too_long' };
  if (forbiddenControl(t, true)) return { problem: 'invalid' };
  return { text: t };
}

export function listSavedReplies(store: Store, user: { dealerId: number; id: number }): Promise<SavedReplyRow[]> {
  return repo.savedRepliesOf(store.db, user.dealerId, user.id);
}

/** Keeps a new saved reply of the user; a problem instead when the text or the count is wrong. */
export async function addSavedReply(
  deps: { store: Store; clock: Clock },
  user: { dealerId: number; id: number },
  text: string,
): Promise<{ id: number } | { problem: SavedReplyProblem }> {
  const checked = savedReplyText(text);
  if ('problem' in checked) return checked;
  const { store, clock } = deps;
  return writeTransaction(store, async (trx) => {
    await lockDealerUsers(trx, store.dialect, user.dealerId);
    if ((await repo.countSavedReplies(trx, user.dealerId, user.id)) >= SAVED_REPLIES_MAX) return { problem: 'too_many' as const };
    const id = await repo.insertSavedReply(trx, { dealer_id: user.dealerId, user_id: user.id, body: checked.text, created_at: clock.now() });
    return { id };
  });
}

/** Deletes one of the user's saved replies; false when it is not theirs (or gone). */
export function removeSavedReply(store: Store, user: { dealerId: number; id: number }, id: number): Promise<boolean> {
  return repo.deleteSavedReply(store.db, user.dealerId, user.id, id);
}
