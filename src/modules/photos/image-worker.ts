// Image process entry (bundled as dist/photo-image-worker.js, started by image-work.ts): checks
// and encodes the photos the server sends, at a lower CPU priority than the server (P46), so a
// running import takes only the CPU the API leaves. It ends when the server does (the IPC
// channel closes). Given the local store's DATA_DIR, it writes the copies there itself (P58).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { KeyedLimit } from '../../core/keyed-limit.js';
import { EXTENSIONS } from './url.js';
import { ImageRejected, processImage, processLogo } from './image.js';
import type { ImageReply, ImageRequest } from './image-work.js';
import { LocalPhotoStorage } from './local-storage.js';
import { fileIdOf, logoFileIdOf } from './storage.js';
import { mapStacksLazily } from '../../core/source-maps.js';

mapStacksLazily();

if (!process.send) throw new Error('photo image worker: must be started by the server (with an IPC channel)');
const send = (m: ImageReply) => process.send!(m);

/**
 * Lowers the priority of every thread of this process. On Linux a priority is a thread's own
 * and new threads take their creator's: the threads there now (the main one, V8's, libuv's
 * pool once started) are lowered one by one, and libvips's threads, started by them, follow.
 */
function lowerPriority(niceness: number): void {
  let threads: number[] = [0];
  try {
    threads = fs.readdirSync('/proc/self/task').map(Number);
  } catch {
    // not Linux: the process priority is all there is
  }
  for (const tid of threads) {
    try {
      os.setPriority(tid, niceness);
    } catch {
      // a thread that ended meanwhile, or a system that refuses: the work still gets done
    }
  }
}

/**
 * With IMAGE_IDLE_POLICY, on Linux, every thread also under SCHED_IDLE (P258), by util-linux's
 * `chrt` where it is installed (Debian's images have it). Under the kernel's EEVDF scheduler (6.6 and later) a higher
 * niceness only lowers a thread's share: a running image thread keeps its core to the end of its
 * slice, and the API's reads waited behind it. An idle-policy thread gives way at once. Threads
 * started later take the policy of the thread that starts them. Without chrt, or refused, the
 * niceness is what there is. Off by default: an idle-policy thread gets almost no CPU while other
 * work keeps the machine busy, so a saturated API would hold every import back.
 */
function idlePolicy(): void {
  if (process.platform !== 'linux') return;
  spawnSync('chrt', ['--idle', '--all-tasks', '--pid', '0', String(process.pid)], { stdio: 'ignore', timeout: 5_000 });
}

const niceness = Number(process.argv[2] ?? '10');
lowerPriority(niceness);
if (process.argv[4] === 'idle') idlePolicy();
/** Photos worked on at once (IMAGE_CONCURRENCY); the server hands over a few more, queued here. */
const limit = new KeyedLimit(Number(process.argv[3] ?? '1'));
let threadCount = 0;
/** The local store of each DATA_DIR asked (one, in practice). */
const stores = new Map<string, LocalPhotoStorage>();

process.on('message', (req: ImageRequest) => {
  void run(req);
});
process.on('disconnect', () => process.exit(0));

async function run(req: ImageRequest): Promise<void> {
  try {
    const bytes = Buffer.from(req.bytes.buffer, req.bytes.byteOffset, req.bytes.byteLength);
    if (req.logo) {
      const logo = await limit.run('image', () => processLogo(bytes));
      send({ id: req.id, kind: 'logo', logo: { ...logo, fileId: logoFileIdOf(logo.data) } });
    } else {
      const image = await limit.run('image', () => processImage(bytes));
      const fileId = fileIdOf(bytes);
      if (req.storeIn === undefined) {
        send({ id: req.id, kind: 'done', image: { ...image, fileId } });
      } else {
        // Written after the photo's place is given up: the next photo is encoded meanwhile.
        let store = stores.get(req.storeIn);
        if (!store) stores.set(req.storeIn, (store = new LocalPhotoStorage(req.storeIn)));
        const ext = EXTENSIONS[image.format];
        await store.write(fileId, 'original', ext, image.original);
        for (const c of image.extra) await store.write(fileId, c.variant, c.ext, c.data);
        // The display copy last: written means every copy is (a retry finds none half made).
        await store.write(fileId, 'display', ext, image.display);
        send({
          id: req.id,
          kind: 'done',
          image: { format: image.format, width: image.width, height: image.height, widths: image.widths, checks: image.checks, fileId },
        });
      }
    }
  } catch (err) {
    if (err instanceof ImageRejected) send({ id: req.id, kind: 'rejected', text: err.text });
    else send({ id: req.id, kind: 'failed', message: err instanceof Error ? err.message : String(err) });
  }
  // Threads started since (sharp loaded on the first photo, libuv's pool): lowered as well.
  const now = countThreads();
  if (now !== threadCount) {
    threadCount = now;
    lowerPriority(niceness);
  }
}

function countThreads(): number {
  try {
    return fs.readdirSync('/proc/self/task').length;
  } catch {
    return 0;
  }
}
