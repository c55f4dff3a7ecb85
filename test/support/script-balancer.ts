// scripts/balancer.mjs started as the cluster starts it (P40), in front of the given upstreams.
import { spawn } from 'node:child_process';
import { freePort } from './server-process.js';

/** Starts the balancer on a free port in front of `upstreams` (host:port); its base URL and a stop. */
export async function startScriptBalancer(upstreams: string[]): Promise<{ base: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/balancer.mjs'], {
    env: { ...process.env, UPSTREAMS: upstreams.join(','), BALANCER_PORT: String(port), BALANCER_HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('balancer ready')) resolve();
    });
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', () => reject(new Error(`the balancer exited: ${out}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.removeAllListeners('exit');
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    },
  };
}
