// At most N tasks at once per key (e.g. per photo host), in this process.
export class KeyedLimit {
  private readonly active = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(private readonly perKey: number) {}

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    if ((this.active.get(key) ?? 0) >= this.perKey) {
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(key) ?? [];
        queue.push(resolve);
        this.waiting.set(key, queue);
      });
    } else {
      this.active.set(key, (this.active.get(key) ?? 0) + 1);
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.get(key)?.shift();
      if (next)
        next(); // the slot passes straight to the next waiter
      else {
        const n = (this.active.get(key) ?? 1) - 1;
        if (n === 0) this.active.delete(key);
        else this.active.set(key, n);
        this.waiting.delete(key);
      }
    }
  }
}
