/** Tasks run after a delay (cleanup), which `flush` runs at once and waits for. Timers never keep the process up. */
export class LaterQueue {
  private readonly timers = new Map<NodeJS.Timeout, () => Promise<void>>();
  private readonly running = new Set<Promise<void>>();

  schedule(task: () => Promise<void>, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.run(task);
    }, delayMs);
    timer.unref();
    this.timers.set(timer, task);
  }

  private run(task: () => Promise<void>): void {
    const p = task().catch((err: unknown) => {
      console.error('graveler: cleanup failed', err);
    });
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
  }

  async flush(): Promise<void> {
    for (const [timer, task] of this.timers) {
      clearTimeout(timer);
      this.run(task);
    }
    this.timers.clear();
    while (this.running.size > 0) await Promise.all(this.running);
  }
}
