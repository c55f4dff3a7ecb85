// Baseline for `npm run bench`: bare Fastify 5, one route, logger off. What the framework
// itself can do on this machine; plain .mjs so no compiler is in the loop.
// Usage: PORT=… HOST=127.0.0.1 node bench/bare-server.mjs
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 3001);
const host = process.env.HOST ?? '127.0.0.1';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const stop = () =>
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

await app.listen({ port, host });
