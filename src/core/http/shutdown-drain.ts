// A process told to stop (SIGTERM) first drains (P37): it still answers every request, but /ready
// says 503 so a load balancer takes it out of rotation, and each response carries
// `Connection: close` so clients' keep-alive connections end cleanly after their answer instead
// of being cut when the listener closes.
import type { FastifyInstance } from 'fastify';

class DrainState {
  /** Set once, when the process begins to stop. */
  draining = false;
}

declare module 'fastify' {
  interface FastifyInstance {
    drain: DrainState;
  }
}

export function installShutdownDrain(app: FastifyInstance): DrainState {
  const state = new DrainState();
  app.decorate('drain', state);
  // `Connection: close` while draining is set by request-start.ts (the one onRequest hook of every request).
  return state;
}
