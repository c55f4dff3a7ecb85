// Where the server process writes its log lines (P43): stdout, in batches, asynchronously. A
// write(2) per request line was the largest single item in the profile of a cached GET; lines
// are gathered up to BATCH_CHARS and handed to pino's asynchronous destination (sonic-boom) as
// one write, and a line never waits more than FLUSH_AFTER_MS for others. The server flushes
// before it exits.
import fs from 'node:fs';
import pino from 'pino';

/** Characters gathered before a write (log lines are ASCII JSON: about as many bytes); 16 KB cost a quarter less CPU a line than 4 KB. */
const BATCH_CHARS = 16 * 1024;
/** A line waits at most this long for others to fill its batch: a quiet server's lines still show at once. */
const FLUSH_AFTER_MS = 200;
/** flush() gives up after this long (a stdout nobody reads must not hold a shutdown). */
const FLUSH_TIMEOUT_MS = 5000;

export interface LogDestination {
  write(line: string): void;
  /** Resolves once every line written so far has been written to the file descriptor. */
  flush(): Promise<void>;
}

export function stdoutLogDestination(fd = 1): LogDestination {
  // minLength 0: what is handed over is written at once (sonic-boom queues behind a write in flight).
  const boom = pino.destination({ dest: fd, sync: false, minLength: 0 });
  let batch = '';
  let timer: NodeJS.Timeout | undefined;
  /** A write handed to sonic-boom has not finished ('drain' not seen since). */
  let busy = false;
  let idle: (() => void)[] = [];
  boom.on('drain', () => {
    busy = false;
    const waiting = idle;
    idle = [];
    for (const resolve of waiting) resolve();
  });
  const handOver = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (batch === '') return;
    const chunk = batch;
    batch = '';
    busy = true;
    boom.write(chunk);
  };
  // An exit without flush() (an uncaught exception, process.exit elsewhere): nothing asynchronous
  // runs any more. Behind a write in flight the batch joins sonic-boom's queue, which pino's own
  // exit hook (registered before this one, so run after it) writes synchronously; else it is written here.
  process.prependListener('exit', () => {
    if (timer) clearTimeout(timer);
    if (batch === '') return;
    const chunk = batch;
    batch = '';
    if (busy) boom.write(chunk);
    else {
      try {
        fs.writeSync(fd, chunk);
      } catch {
        // stdout closed or full at exit: nothing more can be done
      }
    }
  });
  return {
    write(line) {
      batch += line;
      if (batch.length >= BATCH_CHARS) handOver();
      else if (!timer) {
        timer = setTimeout(handOver, FLUSH_AFTER_MS);
        timer.unref();
      }
    },
    flush() {
      handOver();
      if (!busy) return Promise.resolve();
      return new Promise((resolve) => {
        const giveUp = setTimeout(resolve, FLUSH_TIMEOUT_MS);
        giveUp.unref();
        idle.push(() => {
          clearTimeout(giveUp);
          resolve();
        });
      });
    },
  };
}
