// Parser process entry (bundled as dist/feed-parse-worker.js, started by pool.ts): parses one
// file per message under the heap limit pool.ts gives it, so a hostile file exhausts this
// process's heap, never the server's. Rows are sent back in batches while the file is read:
// neither process ever holds two copies of the whole result. It ends when the server does (the
// IPC channel closes).
import { parseFileInto } from './parse-file.js';
import { UnreadableFeedError, type ParsedRow } from './types.js';
import { msg } from '../../../core/i18n/index.js';
import type { WorkerMessage, WorkerRequest } from './pool.js';
import { mapStacksLazily } from '../../../core/source-maps.js';

mapStacksLazily();

const BATCH = 1000;

if (!process.send) throw new Error('feed parse worker: must be started by the server (with an IPC channel)');
const send = (m: WorkerMessage) => process.send!(m);

// Each request's bytes arrive on stdin, in request order (pool.ts): requests wait here until
// their bytes are in, then run one at a time.
const requests: WorkerRequest[] = [];
const received: Buffer[] = [];
let receivedBytes = 0;
let running = false;

process.on('message', (req: WorkerRequest) => {
  requests.push(req);
  next();
});
process.stdin.on('data', (chunk: Buffer) => {
  received.push(chunk);
  receivedBytes += chunk.length;
  next();
});
process.on('disconnect', () => process.exit(0));

function next(): void {
  if (running) return;
  const req = requests[0];
  if (!req || receivedBytes < req.bodyBytes) return;
  requests.shift();
  const all = received.length === 1 ? received[0]! : Buffer.concat(received, receivedBytes);
  const body = all.subarray(0, req.bodyBytes);
  const rest = all.subarray(req.bodyBytes);
  received.length = 0;
  receivedBytes = rest.length;
  if (rest.length > 0) received.push(rest);
  running = true;
  void run(req, body).finally(() => {
    running = false;
    next();
  });
}

async function run(req: WorkerRequest, body: Buffer): Promise<void> {
  let batch: ParsedRow[] = [];
  const sink = {
    push(row: ParsedRow) {
      batch.push(row);
      if (batch.length >= BATCH) {
        send({ id: req.id, kind: 'rows', rows: batch });
        batch = [];
      }
    },
  };
  try {
    const summary = await parseFileInto({ body, contentType: req.contentType, filename: req.filename, columnMap: req.columnMap, market: req.market }, sink);
    if (batch.length > 0) send({ id: req.id, kind: 'rows', rows: batch });
    send({ id: req.id, kind: 'done', summary });
  } catch (err) {
    if (err instanceof UnreadableFeedError) send({ id: req.id, kind: 'failed', unreadable: true, text: err.text });
    // Deep nesting and the like exhaust the stack or array sizes: the file is the cause.
    else if (err instanceof RangeError) send({ id: req.id, kind: 'failed', unreadable: true, text: msg('file_too_deep') });
    else send({ id: req.id, kind: 'failed', unreadable: false, message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
}
