// A benchmark that cannot measure what it set out to (a server that did not start, a wrong
// answer): its own error, so the run reports it apart from a slow figure.
export class BenchError extends Error {
  override name = 'BenchError';
}
