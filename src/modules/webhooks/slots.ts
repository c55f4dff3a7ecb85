// At most N deliveries in flight per webhook in this process, so one slow receiver cannot hold
// every worker while other dealerships' deliveries wait.
export class WebhookSlots {
  private readonly busy = new Map<number, number>();

  constructor(private readonly perWebhook: number) {}

  tryAcquire(webhookId: number): boolean {
    const n = this.busy.get(webhookId) ?? 0;
    if (n >= this.perWebhook) return false;
    this.busy.set(webhookId, n + 1);
    return true;
  }

  release(webhookId: number): void {
    const n = (this.busy.get(webhookId) ?? 1) - 1;
    if (n <= 0) this.busy.delete(webhookId);
    else this.busy.set(webhookId, n);
  }
}
