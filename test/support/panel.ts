// The panel as tests drive it without a browser: a client that keeps its cookies and sends each
// form with the CSRF token of the last page it read, and users seeded through the real
// invitation link (service calls, as the CLI and the panel make them).
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../src/core/clock.js';
import type { Store } from '../../src/core/db/store.js';
import { getDealerBySlug } from '../../src/modules/dealers/service.js';
import { inviteUser, useLink } from '../../src/modules/users/service.js';
import { seedDealer } from './dealers.js';

export interface PanelResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  location: string | undefined;
}

export class PanelClient {
  readonly cookies = new Map<string, string>();
  /** The CSRF token of the last page read. */
  csrf = '';

  constructor(
    private readonly app: FastifyInstance,
    readonly ip = '127.0.0.1',
  ) {}

  private keep(res: { headers: Record<string, unknown>; cookies: { name: string; value: string; maxAge?: number; expires?: Date }[] }): void {
    for (const c of res.cookies) {
      const gone = c.value === '' || c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() < Date.now());
      if (gone) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>, headers: Record<string, string> = {}): Promise<PanelResponse> {
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    this.keep(res);
    const token = /name="_csrf" value="([^"]+)"/.exec(res.body);
    if (token) this.csrf = token[1]!;
    const location = res.headers.location;
    return { status: res.statusCode, headers: res.headers, body: res.body, location: typeof location === 'string' ? location : undefined };
  }

  get(url: string, headers?: Record<string, string>): Promise<PanelResponse> {
    return this.request('GET', url, undefined, headers);
  }

  /** Posts a form with the CSRF token of the last page read (pass `_csrf` to override). */
  post(url: string, form: Record<string, string> = {}, headers?: Record<string, string>): Promise<PanelResponse> {
    return this.request('POST', url, { _csrf: this.csrf, ...form }, headers);
  }

  async signIn(email: string, password: string): Promise<PanelResponse> {
    await this.get('/panel/sign-in');
    return this.post('/panel/sign-in', { email, password });
  }
}

export const PASSWORD = 'correct horse battery staple';

export interface SeededUser {
  email: string;
  password: string;
  slug: string;
  dealerId: number;
  key: string;
}

let seq = 0;
/** A dealership (with an API key) and a user of it who has accepted their invitation. */
export async function seedPanelUser(
  t: { store: Store; clock: Clock },
  o: { role?: 'owner' | 'staff'; slug?: string; markets?: string[]; name?: string; lang?: string } = {},
): Promise<SeededUser> {
  const seeded = o.slug ? { slug: o.slug, key: '' } : await seedDealer(t, { markets: o.markets ?? ['ar'] });
  const d = await getDealerBySlug(t.store.db, seeded.slug);
  const email = `user${process.pid}-${++seq}@example.com`;
  const { inviteUrl } = await inviteUser(
    t.store,
    t.clock,
    'http://localhost',
    { id: d.id, name: d.name, markets: d.markets },
    { email, name: o.name ?? `User ${seq}`, role: o.role ?? 'owner' },
  );
  const token = inviteUrl.slice(inviteUrl.lastIndexOf('/') + 1);
  await useLink(t.store, t.clock, 'invite', token, PASSWORD);
  return { email, password: PASSWORD, slug: seeded.slug, dealerId: d.id, key: seeded.key };
}

let addresses = 0;
/** An address of its own for each signed-in client, so the per-address sign-in limit (P69) never couples tests. */
export const freshAddress = (): string => `10.250.${Math.floor(++addresses / 250) % 250}.${(addresses % 250) + 1}`;

/** A client signed in as a new user (owner unless told), from an address of its own. */
export async function signedInClient(
  t: { app: FastifyInstance; store: Store; clock: Clock },
  o: Parameters<typeof seedPanelUser>[1] = {},
): Promise<{ client: PanelClient; user: SeededUser }> {
  const user = await seedPanelUser(t, o);
  const client = new PanelClient(t.app, freshAddress());
  const res = await client.signIn(user.email, user.password);
  if (res.status !== 303) throw new Error(`sign-in failed: ${res.status} ${res.body.slice(0, 200)}`);
  return { client, user };
}
