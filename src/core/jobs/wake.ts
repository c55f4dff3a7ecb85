// Workers of this process listen here; a commit that queued jobs wakes them at once instead of
// at their next poll (jobs queued by other processes are found by polling).
const listeners = new Set<() => void>();

export function onJobsQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function jobsQueued(): void {
  for (const l of listeners) l();
}
