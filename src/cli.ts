// Operator command line (D3): `npm run --silent cli -- <command> [options] [--json]`.
// With --json each command prints exactly one JSON object on stdout; failures print one line
// on stderr and exit non-zero. Works on the server's DATABASE_URL, also while it runs.
import { parseArgs } from 'node:util';
import { systemClock } from './core/clock.js';
import { ConfigError, loadConfig } from './core/config.js';
import { openStore, type Store } from './core/db/store.js';
import { migrateToLatest } from './core/db/migrate.js';
import { ApiError } from './core/errors.js';
import { itemErrorText } from './modules/vehicles/stock.js';
import { render } from './core/i18n/index.js';
import { allDealers, createDealer } from './modules/dealers/service.js';
import { createFeed, listFeeds, revokeFeed } from './modules/feeds/service.js';
import { mapFeedColumn } from './modules/feeds/mapping.js';
import { createKey, revokeKey } from './modules/keys/service.js';
import { failedMails } from './core/mail/outbox.js';
import { buildCatalog } from './modules/catalog/catalog.js';
import { checkFeedFileOnDisk } from './modules/feeds/import.js';
import { getDealerBySlug } from './modules/dealers/service.js';
import { profileOf, updateProfile } from './modules/dealers/profile.js';
import { resetSandbox } from './modules/sandbox/service.js';
import { inviteUserToDealer, listUsers, removeUserByEmail } from './modules/users/service.js';
import { assertProductionPasswordCost } from './modules/users/password.js';
import { newVapidKeys } from './modules/push/vapid.js';
import { mapStacksLazily } from './core/source-maps.js';

const USAGE = `usage: npm run --silent cli -- <command> [options] [--json]

  dealers create --slug S --name N --markets ar[,uy] [--city C]
  dealers list
  dealers update --slug S [--phone P] [--whatsapp W] [--address A] [--website U] [--time-zone Z]
                                   the public profile and time zone (D32; an empty value clears)
  keys create --dealer S [--name N] [--sandbox]
                                   --sandbox: a dik_test_ key of the dealership's sandbox (D35)
  keys revoke --dealer S --prefix P
  feeds create --dealer S [--market M] [--source feed] [--url U] [--sandbox]
  feeds list --dealer S
  feeds revoke --dealer S (--id N | --token T)
  feeds map --dealer S --id N --column C (--field F | --remove)
                                   column C of the feed's files is field F (or ignore)
  feeds check --dealer S --id N --file PATH [--allow-mass-sold]   a dry run (D30): what a push of the file would do
  users invite --dealer S --email E [--name N] [--role owner|staff]
  users list --dealer S
  users remove --dealer S --email E
  sandbox reset --dealer S          empties the dealership's sandbox (D35): its cars, leads,
                                   webhooks, feeds and their history; its keys stay
  mail failed                      messages given up on (newest 50)
  push vapid-keys                  a new VAPID key pair for Web Push, as VAPID_PUBLIC_KEY and
                                   VAPID_PRIVATE_KEY lines (P215; unset: derived from the server key)`;

class UsageError extends Error {}

type Options = Record<string, string | boolean | undefined>;

function required(opts: Options, name: string): string {
  const v = opts[name];
  if (typeof v !== 'string' || v.trim() === '') throw new UsageError(`--${name} is required`);
  return v;
}
const optional = (opts: Options, name: string): string | undefined => (typeof opts[name] === 'string' ? opts[name] : undefined);

type Result = { json: unknown; text: string };

async function run(command: string, opts: Options, store: Store, publicBaseUrl: string): Promise<Result> {
  const { db } = store;
  const clock = systemClock;
  switch (command) {
    case 'dealers create': {
      const d = await createDealer(db, clock, {
        slug: required(opts, 'slug'),
        name: required(opts, 'name'),
        markets: required(opts, 'markets').split(','),
        city: optional(opts, 'city') ?? null,
      });
      const dealer = { slug: d.slug, name: d.name, markets: d.markets, city: d.city };
      return { json: { dealer }, text: `created dealership ${d.slug} (${d.name}), markets ${d.markets.join(', ')}` };
    }
    case 'dealers list': {
      const dealers = (await allDealers(db)).map((d) => ({ slug: d.slug, name: d.name, markets: d.markets, city: d.city }));
      return { json: { dealers }, text: dealers.map((d) => `${d.slug}\t${d.name}\t${d.markets.join(',')}\t${d.city ?? ''}`).join('\n') };
    }
    case 'dealers update': {
      const d = await getDealerBySlug(db, required(opts, 'slug'));
      const row = await updateProfile(db, d, {
        phone: optional(opts, 'phone'),
        whatsapp: optional(opts, 'whatsapp'),
        address: optional(opts, 'address'),
        website: optional(opts, 'website'),
        time_zone: optional(opts, 'time-zone'),
      });
      const p = profileOf(row);
      const dealer = {
        slug: d.slug,
        name: d.name,
        markets: d.markets,
        city: d.city,
        phone: p.phone,
        whatsapp: p.whatsapp,
        address: p.address,
        website: p.website,
        time_zone: p.time_zone,
      };
      return {
        json: { dealer },
        text: [`updated dealership ${d.slug}`, ...(['phone', 'whatsapp', 'address', 'website', 'time_zone'] as const).map((k) => `${k}\t${p[k] ?? ''}`)].join(
          '\n',
        ),
      };
    }
    case 'keys create': {
      const k = await createKey(db, clock, { dealer: required(opts, 'dealer'), name: optional(opts, 'name'), sandbox: opts['sandbox'] === true });
      return { json: k, text: `${k.key}\n(shown once; prefix ${k.prefix}, name ${k.name}${k.sandbox ? ', sandbox' : ''})` };
    }
    case 'keys revoke': {
      const r = await revokeKey(db, clock, { dealer: required(opts, 'dealer'), prefix: required(opts, 'prefix') });
      return { json: r, text: `revoked key ${r.prefix}` };
    }
    case 'feeds create': {
      const f = await createFeed(store, clock, publicBaseUrl, {
        dealer: required(opts, 'dealer'),
        market: optional(opts, 'market'),
        source: optional(opts, 'source'),
        url: optional(opts, 'url'),
        sandbox: opts['sandbox'] === true,
      });
      return { json: f, text: `push address (shown once): ${f.push_url}` };
    }
    case 'sandbox reset': {
      const r = await resetSandbox(store, { dealer: required(opts, 'dealer') });
      return { json: r, text: `emptied the sandbox of ${r.dealer}: ${r.vehicles} cars, ${r.leads} leads, ${r.webhooks} webhooks, ${r.feeds} feeds` };
    }
    case 'feeds list': {
      const feeds = await listFeeds(store, { dealer: required(opts, 'dealer') });
      return {
        json: { feeds },
        text: feeds
          .map(
            (f) =>
              `${f.id}\t${f.market}\t${f.source}\t${f.revoked ? 'revoked' : 'live'}${f.sandbox ? ' (sandbox)' : ''}\tmade by ${f.created_by}\tlast push ${f.last_used_at ?? 'never'}\t${f.url ?? ''}`,
          )
          .join('\n'),
      };
    }
    case 'feeds revoke': {
      const r = await revokeFeed(store, clock, { dealer: required(opts, 'dealer'), id: optional(opts, 'id'), token: optional(opts, 'token') });
      return { json: r, text: `revoked feed ${r.id}` };
    }
    case 'feeds map': {
      const r = await mapFeedColumn(store, {
        dealer: required(opts, 'dealer'),
        id: required(opts, 'id'),
        // Checked by the service (a blank column is its one-line 400, not a usage error).
        column: optional(opts, 'column'),
        field: optional(opts, 'field'),
        remove: opts.remove === true,
      });
      const lines = Object.entries(r.column_map).map(([c, f]) => `${c}\t${f}`);
      return { json: r, text: `feed ${r.id} column overrides:${lines.length > 0 ? `\n${lines.join('\n')}` : ' none'}` };
    }
    case 'feeds check': {
      const r = await checkFeedFileOnDisk(
        { store, clock, publicBaseUrl, catalog: buildCatalog(new Date(clock.now()).getUTCFullYear() + 1) },
        { dealer: required(opts, 'dealer'), id: optional(opts, 'id'), path: required(opts, 'file'), allowMassSold: opts['allow-mass-sold'] === true },
      );
      const lines = [
        `dry run of ${r.rows} rows (${r.format}): would create ${r.would_create.length}, update ${r.would_update.length}, mark sold ${r.would_mark_sold.length}; nothing was changed`,
        r.guard.allowed ? 'sold guard: allowed' : `sold guard: refuses (${r.guard.reason ? render('en', r.guard.reason) : ''})`,
        ...r.mapping.columns.map((c) => `column ${c.column} -> ${c.field}`),
        ...r.errors.slice(0, 20).map((e) => `row error ${e.index}: ${e.external_id} ${itemErrorText('en', e).message}`),
      ];
      return { json: r, text: lines.join('\n') };
    }
    case 'users invite': {
      const r = await inviteUserToDealer(store, clock, publicBaseUrl, required(opts, 'dealer'), {
        email: required(opts, 'email'),
        name: optional(opts, 'name'),
        role: optional(opts, 'role'),
      });
      const user = { email: r.user.email, name: r.user.name, role: r.user.role, dealer: r.dealer };
      return {
        json: { user, invite_url: r.inviteUrl },
        text: `invited ${user.email} (${user.role}) to ${r.dealer}; link (single use, 72 h; also e-mailed):\n${r.inviteUrl}`,
      };
    }
    case 'users list': {
      const d = await getDealerBySlug(db, required(opts, 'dealer'));
      const users = (await listUsers(db, d.id)).map((u) => ({
        email: u.email,
        name: u.name,
        role: u.role,
        last_sign_in_at: u.last_sign_in_at === null ? null : new Date(u.last_sign_in_at).toISOString(),
      }));
      return { json: { users }, text: users.map((u) => `${u.email}\t${u.role}\t${u.name}\t${u.last_sign_in_at ?? 'never signed in'}`).join('\n') };
    }
    case 'users remove': {
      const u = await removeUserByEmail(store, required(opts, 'dealer'), required(opts, 'email'));
      return { json: { removed: true, email: u.email }, text: `removed ${u.email}` };
    }
    case 'mail failed': {
      const mails = (await failedMails(db, 50)).map((m) => ({
        id: Number(m.id),
        kind: m.kind,
        to: m.to_address,
        subject: m.subject,
        attempts: m.attempts,
        last_error: m.last_error,
        created_at: new Date(Number(m.created_at)).toISOString(),
      }));
      return { json: { mails }, text: mails.map((m) => `${m.id}\t${m.created_at}\t${m.kind}\t${m.to}\t${m.last_error ?? ''}`).join('\n') };
    }
    case 'push vapid-keys': {
      const k = newVapidKeys();
      return { json: { public_key: k.publicKey, private_key: k.privateKey }, text: `VAPID_PUBLIC_KEY=${k.publicKey}\nVAPID_PRIVATE_KEY=${k.privateKey}` };
    }
    default:
      throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
  }
}

async function main(argv: string[]): Promise<number> {
  assertProductionPasswordCost();
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        slug: { type: 'string' },
        name: { type: 'string' },
        markets: { type: 'string' },
        city: { type: 'string' },
        dealer: { type: 'string' },
        prefix: { type: 'string' },
        market: { type: 'string' },
        source: { type: 'string' },
        url: { type: 'string' },
        id: { type: 'string' },
        token: { type: 'string' },
        email: { type: 'string' },
        file: { type: 'string' },
        'allow-mass-sold': { type: 'boolean' },
        sandbox: { type: 'boolean' },
        role: { type: 'string' },
        column: { type: 'string' },
        field: { type: 'string' },
        remove: { type: 'boolean' },
        phone: { type: 'string' },
        whatsapp: { type: 'string' },
        address: { type: 'string' },
        website: { type: 'string' },
        'time-zone': { type: 'string' },
      },
    });
  } catch (err) {
    process.stderr.write(`error: ${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (parsed.values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const command = parsed.positionals.slice(0, 2).join(' ');
  let store: Store | undefined;
  try {
    const config = loadConfig(process.env, { servedBaseUrl: true });
    store = openStore({ url: config.databaseUrl });
    await migrateToLatest(store);
    const result = await run(command, parsed.values, store, config.publicBaseUrl);
    process.stdout.write(parsed.values.json ? `${JSON.stringify(result.json)}\n` : `${result.text}\n`);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`error: ${err.message}\n${USAGE}\n`);
      return 2;
    }
    const known = err instanceof ApiError || err instanceof ConfigError;
    process.stderr.write(`error: ${known ? (err as Error).message : `unexpected failure: ${(err as Error).message}`}\n`);
    return 1;
  } finally {
    await store?.close();
  }
}

mapStacksLazily();
void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
