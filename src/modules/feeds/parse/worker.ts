// Worker-thread entry (bundled as dist/feed-parse-worker.js): parses one file per message and
// answers with the result or with why the file cannot be read. Runs under the resource limits
// pool.ts gives it, so a hostile file exhausts this thread's heap, not the server's.
import { parentPort } from 'node:worker_threads';
import { parseFile } from './parse-file.js';
import { UnreadableFeedError } from './types.js';
import type { WorkerReply, WorkerRequest } from './pool.js';

const port = parentPort;
if (!port) throw new Error('feed parse worker: must run as a worker thread');

port.on('message', (req: WorkerRequest) => {
  void run(req).then((reply) => port.postMessage(reply));
});

async function run(req: WorkerRequest): Promise<WorkerReply> {
  try {
    const body = Buffer.from(req.body.buffer, req.body.byteOffset, req.body.byteLength);
    const result = await parseFile({ body, contentType: req.contentType, filename: req.filename });
    return { id: req.id, ok: true, result };
  } catch (err) {
    if (err instanceof UnreadableFeedError) return { id: req.id, ok: false, unreadable: true, message: err.message };
    // Deep nesting and the like exhaust the stack or array sizes: the file is the cause.
    if (err instanceof RangeError) return { id: req.id, ok: false, unreadable: true, message: 'The file is too large or too deeply nested to read.' };
    return { id: req.id, ok: false, unreadable: false, message: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
}
