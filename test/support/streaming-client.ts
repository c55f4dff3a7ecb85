// A plain node:http client streaming a large body in 64 KB chunks, waiting for 'drain' between
// writes, run in a child process of its own (issue 24 item 5, P68). In the test's own process
// the server and the client share one event loop, and the client read the server's answer before
// its next write failed: the EPIPE a separate client got never showed (the earlier test passed).
import { spawn } from 'node:child_process';

export interface StreamOptions {
  port: number;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  /** Bytes of body sent (unless the server answered or closed first). */
  total: number;
  /** Transfer-Encoding: chunked instead of a Content-Length. */
  chunked: boolean;
  /**
   * `close`: no agent (node then sends `Connection: close`, as `agent: false` does);
   * `keep-alive`: a keep-alive agent (node 20's default agent).
   */
  connection: 'close' | 'keep-alive';
}

export interface StreamOutcome {
  /** What happened, in order: 'response <status>', 'end', 'error <code>'. */
  events: string[];
  status?: number;
  body: string;
  /** Bytes handed to req.write() before the outcome. */
  sent: number;
  ms: number;
}

/** The client, as node runs it (plain JavaScript, options as JSON in argv[1]). */
const CLIENT = `
const http = require('node:http');
const o = JSON.parse(process.argv[1]);
const start = Date.now();
const headers = { ...o.headers };
if (!o.chunked) headers['content-length'] = String(o.total);
const agent = o.connection === 'close' ? false : new http.Agent({ keepAlive: true });
const req = http.request({ host: '127.0.0.1', port: o.port, path: o.path, method: o.method, headers, agent });
const out = { events: [], body: '', sent: 0, ms: 0 };
let finished = false;
const finish = () => {
  if (finished) return;
  finished = true;
  // A little longer, so that an error right after the answer is seen too.
  setTimeout(() => { out.ms = Date.now() - start; process.stdout.write(JSON.stringify(out)); process.exit(0); }, 150);
};
req.on('response', (res) => {
  out.events.push('response ' + res.statusCode);
  out.status = res.statusCode;
  res.setEncoding('utf8');
  res.on('data', (d) => (out.body += d));
  res.on('end', () => { out.events.push('end'); finish(); });
});
req.on('error', (e) => { out.events.push('error ' + (e.code || e.message)); finish(); });
const chunk = Buffer.alloc(64 * 1024, 'a');
const pump = () => {
  while (out.sent < o.total && !finished) {
    out.sent += chunk.length;
    if (!req.write(chunk)) return void req.once('drain', pump);
  }
  if (!finished) req.end();
};
pump();
setTimeout(() => { out.events.push('timeout'); finish(); }, o.timeoutMs);
`;

/** Runs the client in a child process; its outcome. */
export function streamFromChild(options: StreamOptions, timeoutMs = 30_000): Promise<StreamOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENT, JSON.stringify({ method: 'POST', headers: {}, ...options, timeoutMs })], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        resolve(JSON.parse(out) as StreamOutcome);
      } catch {
        reject(new Error(`the streaming client printed no outcome: ${out} ${err}`));
      }
    });
  });
}

/** The Error-shape code of an answer, or undefined. */
export function errorCode(outcome: StreamOutcome): string | undefined {
  try {
    return (JSON.parse(outcome.body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}
