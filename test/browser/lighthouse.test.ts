// Lighthouse (12.2.3, its default mobile preset: a mid-range phone on a throttled connection,
// simulated) on the buyers' pages (issue 27, P116, P146): a car for sale, a sold car and a
// storefront, each with photo-like JPEGs and a dealership with its full profile. Targets:
// Performance ≥ 95, Accessibility, Best Practices and SEO 100; the scores are printed.
// Accessibility, Best Practices and SEO are deterministic and asserted on every run. Performance
// depends on the machine (the simulated throttling multiplies the CPU time it observes, so a
// machine busy with other work scores lower), so it is taken as Lighthouse's variability guide
// says, the median of LIGHTHOUSE_RUNS runs (default 1), and asserted only with LIGHTHOUSE_PERF=1:
// CI runs this file alone, after the other tests, with both (P146). axe-core finds no violation at
// all on the same pages (any impact).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import axe from 'axe-core';
import lighthouse from 'lighthouse';
import type { Browser } from 'playwright-core';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { getDealerBySlug } from '../../src/modules/dealers/service.js';
import { updateProfile } from '../../src/modules/dealers/profile.js';
import { STORE_NAME } from '../support/app.js';
import { BigPhotoHost } from '../support/big-photos.js';
import { launch, liveServer, skipBrowser, type LiveServer } from '../support/browser.js';
import { aCar } from '../support/cars.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { freePort } from '../support/server-process.js';
import { until } from '../support/until.js';

const TARGET = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
type Category = keyof typeof TARGET;

describe(`Lighthouse and axe on the buyers' pages (${STORE_NAME})`, { skip: skipBrowser }, () => {
  let s: LiveServer;
  let browser: Browser;
  let port: number;
  const photos = new BigPhotoHost();
  const pages: Record<'car' | 'sold' | 'storefront', string> = {} as never;

  before(async () => {
    await photos.start();
    const outbound = createOutbound({ allowPrivateNetworks: true, allowedPorts: [80, 443, Number(new URL(photos.base).port)] });
    s = await liveServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' }, { outbound });
    // Playwright's chromium with a debugging port that Lighthouse drives.
    port = await freePort();
    browser = await launch([`--remote-debugging-port=${port}`]);
    const d = await seedDealer(s, { name: 'Autos del Sur', city: 'Córdoba', markets: ['ar'] });
    await updateProfile(s.store.db, await getDealerBySlug(s.store.db, d.slug), {
      phone: '351 444-2222',
      whatsapp: '351 15 555-6666',
      address: 'Av. Colón 1234',
      opening_hours: 'Lun a vie de 9 a 18, sáb de 9 a 13',
    });
    const details = {
      fuel: 'gasoline',
      transmission: 'manual',
      color: 'Gris',
      city: 'Córdoba',
      description: 'Único dueño. Service oficial al día.\nCubiertas nuevas.',
    };
    const put = async (id: string, over: Record<string, unknown>) => {
      const res = await s.app.inject({
        method: 'PUT',
        url: `/v1/vehicles/${id}`,
        headers: bearer(d.key),
        payload: aCar({ photos: photos.urls(id, 6), ...details, ...over }),
      });
      assert.ok(res.statusCode < 300, res.body);
      return res.json().vehicle.url as string;
    };
    pages.car = await put('LH-1', { brand: 'Volkswagen', model: 'Gol', version: 'Trend 1.6', year: 2019, price: 9_800_000, mileage: 62_000 });
    pages.sold = await put('LH-2', { brand: 'Fiat', model: 'Cronos', year: 2021, price: 14_500_000, mileage: 30_000 });
    await put('LH-3', { brand: 'Toyota', model: 'Corolla', year: 2020, price: 21_000_000, mileage: 41_000 });
    await put('LH-4', { brand: 'Fiat', model: 'Cronos', year: 2022, price: 16_000_000, mileage: 12_000 });
    pages.storefront = `${s.base}/dealers/${d.slug}`;
    await until('every car on sale', 300_000, async () => {
      const rows = await s.store.db.selectFrom('vehicles').select('status').execute();
      return rows.length === 4 && rows.every((r) => r.status === 'active');
    });
    assert.equal((await s.app.inject({ method: 'POST', url: '/v1/vehicles/LH-2/sold', headers: bearer(d.key) })).statusCode, 200);
  });
  after(async () => {
    await browser.close();
    await s.close();
    await photos.stop();
  });

  for (const kind of ['car', 'sold', 'storefront'] as const) {
    test(
      `${kind}: Lighthouse mobile (Accessibility, Best Practices, SEO 100; Performance printed) and axe-core without violations`,
      { timeout: 900_000 },
      async () => {
        const url = pages[kind];
        const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
        const performance: number[] = [];
        let why = '';
        for (let run = 1; run <= runs; run++) {
          const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(TARGET) });
          assert.ok(result, 'a Lighthouse result');
          const lhr = result.lhr;
          assert.equal(lhr.configSettings.formFactor, 'mobile');
          const scores = Object.fromEntries(Object.keys(TARGET).map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>;
          // Why a category lost points: its audits that did not pass, by weight.
          const failing = (c: Category) =>
            lhr.categories[c]!.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1).map((r) => {
              const a = lhr.audits[r.id]!;
              return `${r.id} (${a.displayValue ?? a.score}${a.explanation ? `: ${a.explanation}` : ''})`;
            });
          const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']
            .map((id) => `${id} ${lhr.audits[id]?.displayValue ?? '?'}`)
            .join(', ');
          console.log(
            `lighthouse ${kind} (mobile) run ${run}/${runs}: performance ${scores.performance}, accessibility ${scores.accessibility}, best-practices ${scores['best-practices']}, seo ${scores.seo} · ${metrics} · host benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)}`,
          );
          for (const c of ['accessibility', 'best-practices', 'seo'] as const) assert.equal(scores[c], TARGET[c], `${kind} ${c}: ${failing(c).join(', ')}`);
          performance.push(scores.performance);
          if (scores.performance < TARGET.performance) why = failing('performance').join(', ');
        }
        const median = [...performance].sort((a, b) => a - b)[Math.floor((performance.length - 1) / 2)]!;
        console.log(
          `lighthouse ${kind}: performance median ${median} of ${runs} run(s) [${performance.join(', ')}]${why ? `; below ${TARGET.performance} on: ${why}` : ''}`,
        );
        if (process.env.LIGHTHOUSE_PERF === '1') assert.ok(median >= TARGET.performance, `${kind} performance median ${median} [${performance.join(', ')}]`);

        // axe-core on the same page at phone size: no violation of any impact.
        const ctx = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, locale: 'es-AR', bypassCSP: true });
        const page = await ctx.newPage();
        await page.goto(url, { waitUntil: 'networkidle' });
        await page.addScriptTag({ content: axe.source });
        const violations = await page.evaluate<string[]>(
          `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => v.id + ' (' + v.impact + '): ' + v.help + ' at ' + v.nodes.slice(0, 3).map((n) => String(n.target)).join(', ')))`,
        );
        await ctx.close();
        assert.deepEqual(violations, [], kind);
      },
    );
  }
});
