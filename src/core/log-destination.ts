// Where the server process writes its log lines (P43): stdout, in batches. A write(2) per
// request line was the largest single item in the profile of a cached GET; lines are gathered
// up to BATCH_CHARS and written as one (pino's destination, sonic-boom, which retries a full
// pipe), and a line never waits more than FLUSH_AFTER_MS for others.
//
// Each batch is written synchronously: one system call per ~100 requests costs little, and a
// line handed to an asynchronous write is lost when the process exits before the write ran (seen
// on Node 24: the first batches of a process that exited at once never reached stdout). What is
// still gathered at exit is written by the exit hook below.
import pino from 'pino';

/** Characters gathered before a write (log lines are ASCII JSON: about as many bytes); 16 KB cost a quarter less CPU a line than 4 KB. */
const BATCH_CHARS = 16 * 1024;
/** A line waits at most this long for others to fill its batch: a quiet server's lines still show at once. */
const FLUSH_AFTER_MS = 200;

export interface LogDestination {
  write(line: string): void;
  /** Resolves once every line written so far has been written to the file descriptor. */
  flush(): Promise<void>;
}

export function stdoutLogDestination(fd = 1): LogDestination {
  // minLength 0: a batch handed over is written at once.
  const boom = pino.destination({ dest: fd, sync: true, minLength: 0 });
  let batch = '';
  let timer: NodeJS.Timeout | undefined;
  const handOver = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (batch === '') return;
    const chunk = batch;
    batch = '';
    try {
      boom.write(chunk);
    } catch {
      // stdout closed: nothing more can be done with these lines
    }
  };
  // An exit without flush() (an uncaught exception, process.exit elsewhere): the batch is written here.
  process.prependListener('exit', handOver);
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
      return Promise.resolve();
    },
  };
}
