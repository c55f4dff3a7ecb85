// The panel's error page says what the service refused in the reader's words (D31): an ApiError
// that reaches it carries a code, rendered in the user's language, never the log's English.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { ApiError } from '../../src/core/errors.js';
import { msg } from '../../src/core/i18n/index.js';
import { renderPageError } from '../../src/core/web/error-page.js';

test('an ApiError on a panel page reads in Spanish and Portuguese, not English', async () => {
  const app = Fastify();
  app.decorateRequest('panelLang', 'es');
  app.addHook('onRequest', async (req) => {
    (req as { panelLang: string }).panelLang = String((req.query as { lang?: string }).lang ?? 'es');
  });
  app.get('/x', async () => {
    throw new ApiError('invalid_request', msg('since_invalid'));
  });
  app.setErrorHandler((err, req, reply) => renderPageError(err as Error, req, reply));
  try {
    const en = await app.inject({ url: '/x?lang=en' });
    const es = await app.inject({ url: '/x?lang=es' });
    const pt = await app.inject({ url: '/x?lang=pt' });
    assert.equal(es.statusCode, 400);
    const english = new ApiError('invalid_request', msg('since_invalid')).message;
    assert.ok(en.body.includes(english.replaceAll('"', '&quot;').split(' ')[0]!), en.body);
    for (const r of [es, pt]) {
      assert.equal(r.headers['content-type'], 'text/html; charset=utf-8');
      assert.ok(!r.body.includes(english), `English on a ${r.headers['content-language']} page: ${english}`);
    }
    assert.notEqual(es.body, pt.body);
  } finally {
    await app.close();
  }
});
