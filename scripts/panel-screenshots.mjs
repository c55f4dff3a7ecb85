// Regenerates docs/panel.md's screenshots (docs/panel/*.png): runs the panel's browser tests with
// PANEL_SCREENSHOTS set, so every picture is a page the tests really reached, then writes the
// part of docs/panel.md that shows them, between <!-- screenshots:start --> and
// <!-- screenshots:end -->. The text around the markers is written by hand; never edit between them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const START = '<!-- screenshots:start -->';
const END = '<!-- screenshots:end -->';
const file = path.join(root, 'docs', 'panel.md');
const doc = fs.readFileSync(file, 'utf8');
const from = doc.indexOf(START);
const to = doc.indexOf(END);
if (from < 0 || to < from) {
  console.error(`docs/panel.md: no ${START} … ${END} markers`);
  process.exit(1);
}
const dir = path.join(root, 'docs', 'panel');
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });

const tests = fs
  .readdirSync(path.join(root, 'test', 'browser'))
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => path.join('test', 'browser', f));
const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...tests], {
  cwd: root,
  stdio: 'inherit',
  shell: false,
  env: { ...process.env, PANEL_SCREENSHOTS: dir },
});
if (run.status !== 0) process.exit(run.status ?? 1);

// Captions, in the order a dealership meets the pages; a screenshot without one is listed last.
const CAPTIONS = {
  'sign-in': 'Sign-in (phone, Spanish)',
  'sign-in-throttled':
    'Sign-in refused to a stranger’s browser after ten tries at an account in 15 minutes (phone, Spanish); the owner’s own browser, which holds its device cookie, still signs in (P69)',
  'sign-in-throttled-desktop': 'The same refusal at 1280 px, in Portuguese (P69)',
  'set-password': 'Invitation link: choosing a password (phone, Spanish)',
  'overview-phone': 'Overview right after the invitation was accepted (phone, Spanish)',
  overview: 'Overview: cars by status, cars needing action, last imports, webhooks off, new leads',
  inventory: 'Inventory with filters',
  'inventory-phone': 'Inventory on a phone',
  car: 'A car: every field, photos with their status, events, mark sold / withdraw',
  keys: 'API keys (owners)',
  'key-created': 'A new key, shown once',
  feeds: 'Feeds: push tokens, the feed URL, the import history',
  'feed-import': 'An import report with its per-row errors',
  'feeds-owner-es-desktop': 'Feeds as an owner sees them: who made each push token and its last use (D39; Spanish)',
  'feeds-staff-es-phone': 'Feeds as staff see them: no form to make or revoke a feed (phone, Spanish)',
  'feeds-owner-pt-phone': 'Feeds as an owner sees them (phone, Portuguese)',
  'feeds-staff-pt-desktop': 'Feeds as staff see them (Portuguese)',
  webhooks: 'Webhooks (owners)',
  'webhook-deliveries': 'A webhook’s delivery log after "send test"',
  users: 'Users (owners)',
  'profile-es-phone': 'Dealership profile as an owner fills it: numbers as people write them, time zone (D32; phone, Spanish)',
  'profile-es-desktop': 'Dealership profile (D32; Spanish)',
  'profile-error-es-phone': 'Dealership profile: a number nobody can dial is refused, what was typed kept (phone, Spanish)',
  'profile-staff-es-phone': 'Dealership profile as staff see it: to read, no form (phone, Spanish)',
  'profile-pt-phone': 'Dealership profile (phone, Portuguese)',
  'profile-pt-desktop': 'Dealership profile (Portuguese)',
  'profile-error-pt-phone': 'Dealership profile: a refused number (phone, Portuguese)',
  'profile-staff-pt-phone': 'Dealership profile as staff see it (phone, Portuguese)',
  'profile-logo-es-phone': 'Dealership profile with its logo uploaded: shown, to replace or remove (P132; phone, Spanish)',
  'profile-logo-es-desktop': 'Dealership profile with its logo (P132; Spanish)',
  'profile-logo-pt-phone': 'Dealership profile with its logo (P132; phone, Portuguese)',
  'profile-logo-pt-desktop': 'Dealership profile with its logo (P132; Portuguese)',
  'import-report-es-phone':
    'A feed import with row errors, in Spanish: every rule a row broke, why no car was marked sold, fields and sources in words (D31; phone)',
  'import-report-es-desktop': 'A feed import with row errors (D31; Spanish)',
  'import-report-pt-phone': 'A feed import with row errors (D31; phone, Portuguese)',
  'import-report-pt-desktop': 'A feed import with row errors (D31; Portuguese)',
  'import-report-en-phone': 'A feed import with row errors (D31; phone, English: the API’s sentences)',
  'import-report-en-desktop': 'A feed import with row errors (D31; English)',
  'overview-import-errors-es-phone':
    'The overview: an import whose rows were refused is “Procesada con errores” with their count, in amber (P196; phone, Spanish)',
  'overview-import-errors-es-desktop': 'The overview with an import that had errors (P196; Spanish)',
  'overview-import-errors-pt-phone': 'The overview with an import that had errors (P196; phone, Portuguese)',
  'overview-import-errors-pt-desktop': 'The overview with an import that had errors (P196; Portuguese)',
  'feed-mapping-es-phone': 'A feed’s columns: the “Campo” choices are the fields’ words (P198; phone, Spanish)',
  'feed-mapping-es-desktop': 'A feed’s columns (P198; Spanish)',
  'feed-mapping-pt-phone': 'A feed’s columns (P198; phone, Portuguese)',
  'feed-mapping-pt-desktop': 'A feed’s columns (P198; Portuguese)',
  account: 'My account: name, language, notifications, password',
  leads: 'Leads inbox',
  'leads-phone': 'Leads inbox on a phone',
  conversation: 'A conversation: the buyer’s details, messages, replies and stage',
  'conversation-phone': 'A conversation on a phone',
  'conversation-mail-es-phone':
    'A conversation where the buyer answered by e-mail twice, by SMTP and through the inbound hook: quoted history cut, unread (D40; phone, Spanish)',
  'conversation-mail-pt-phone': 'The same in Portuguese (D40)',
  'mail-confirmation-es-phone':
    'The confirmation a buyer gets after writing with an e-mail, as their mail program shows it: the car, what they wrote, the dealership’s phone, WhatsApp and address (D40; phone, Spanish)',
  'mail-confirmation-pt-phone': 'The confirmation in Portuguese (D40)',
  'mail-reply-es-phone':
    'A salesperson’s reply as the buyer reads it: signed with the salesperson’s name, the dealership’s phone and WhatsApp, in the pages’ “vos” (issue 37 §6; Spanish)',
  'mail-reply-pt-phone': 'The reply in Portuguese (issue 37 §6)',
  'thanks-email-es-phone': 'Thank-you page to a buyer who gave an e-mail: a copy was sent (P206; phone, Spanish)',
  'thanks-email-pt-phone': 'The same in Portuguese (P206)',
  'thanks-phone-es-phone': 'Thank-you page to a buyer who left only a phone: a call or WhatsApp, with the dealership’s WhatsApp button (P206; Spanish)',
  'thanks-phone-pt-phone': 'The same in Portuguese (P206)',
  'not-found': 'Another dealership’s page: 404',
  'car-edit-replace-es-phone': 'A car’s edit page: a failed photo replaced by a file in its place (D33, P135; phone, Spanish)',
  'car-edit-replace-pt-desktop': 'A failed photo replaced in its place (D33, P135; Portuguese)',
  'car-new-picked-es-phone': 'Publishing a car: the models of the brand typed, three photos chosen, all in Spanish (P137, P138; phone)',
  'car-new-picked-pt-desktop': 'Publishing a car, photos chosen (P137, P138; Portuguese)',
  'feed-check-es-phone': 'A feed’s file check: the file field in the page’s language (P137; phone, Spanish)',
  'feed-check-pt-desktop': 'A feed’s file check (P137; Portuguese)',
  'price-preview-es-phone': 'A car’s edit page: the label of the price typed, before saving (D44, P244; phone, Spanish)',
  'price-preview-es-desktop': 'The price preview (D44, P244; Spanish)',
  'price-preview-pt-phone': 'The price preview (D44, P244; phone, Portuguese)',
  'price-preview-pt-desktop': 'The price preview (D44, P244; Portuguese)',
};
const shots = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.png'))
  .map((f) => f.slice(0, -4));
const order = Object.keys(CAPTIONS);
shots.sort((a, b) => (order.indexOf(a) === -1 ? 999 : order.indexOf(a)) - (order.indexOf(b) === -1 ? 999 : order.indexOf(b)));

const lines = [
  START,
  '<!-- Written by `npm run screenshots` (scripts/panel-screenshots.mjs) from the browser tests; do not edit. -->',
  '',
  'What a dealership’s staff see at `$PUBLIC_BASE_URL/panel`, as captured by the browser tests',
  '(`test/browser/`, Debian’s chromium driven by playwright-core against the real server).',
  'Phone pictures are 375 px wide.',
  '',
];
for (const name of shots) lines.push(`### ${CAPTIONS[name] ?? name}`, '', `![${CAPTIONS[name] ?? name}](panel/${name}.png)`, '');
lines.push(END);
fs.writeFileSync(file, doc.slice(0, from) + lines.join('\n') + doc.slice(to + END.length));
console.log(`docs/panel.md: ${shots.length} screenshots`);
