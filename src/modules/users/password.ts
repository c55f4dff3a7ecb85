// Passwords (D27): scrypt from node:crypto with OWASP's parameters N=2^15, r=8, p=3 (32 MiB,
// about 0.2 s of one core here), run on libuv's thread pool so a sign-in never blocks the
// event loop. The parameters are stored with each hash, so they can be raised later and old
// hashes still verify.
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, len: number, opts: crypto.ScryptOptions) => Promise<Buffer>;

export const PASSWORD_MIN = 12;
/** Long passphrases are welcome; the bound only keeps the KDF's input reasonable. */
export const PASSWORD_MAX = 200;
/** What every hash is made with in production (pinned by test/users/password-cost.test.ts). */
export const PRODUCTION_PARAMS: Readonly<ScryptParams> = Object.freeze({ N: 2 ** 15, r: 8, p: 3 });

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * Tests lower the cost (issue 34: 420 ms a hash in 100 sign-ins made the suite wait minutes)
 * through a value only code run before this module can put on globalThis: the test command's
 * preload (test/support/test-password-cost.mjs). No variable, config or argument reaches it, and
 * the server, the worker and the CLI refuse to start with anything but PRODUCTION_PARAMS
 * (assertProductionPasswordCost), so a lowered cost can never serve (P147).
 */
const TEST_COST = Symbol.for('dealer-inventory.test-password-cost');
const PARAMS: Readonly<ScryptParams> = (globalThis as Record<symbol, ScryptParams | undefined>)[TEST_COST] ?? PRODUCTION_PARAMS;

/** Exits the process when the password cost is not production's (called first by every entry point). */
export function assertProductionPasswordCost(): void {
  if (PARAMS === PRODUCTION_PARAMS) return;
  process.stderr.write('Refusing to start: the password hashing cost was lowered (a test preload is loaded in this process)\n');
  process.exit(1);
}
const KEY_LENGTH = 32;

function options(N: number, r: number, p: number): crypto.ScryptOptions {
  return { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options(PARAMS.N, PARAMS.r, PARAMS.p));
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  const key = await scrypt(password.normalize('NFC'), salt, expected.length, options(N, r, p));
  return crypto.timingSafeEqual(key, expected);
}

/** A hash to check against when no user has the address, so both answers take as long. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  return decoy;
}

/** Why a new password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string): 'too_short' | 'too_long' | undefined {
  // Characters as people count them, not UTF-16 units.
  const length = Array.from(password).length;
  if (length < PASSWORD_MIN) return 'too_short';
  if (length > PASSWORD_MAX) return 'too_long';
  return undefined;
}
