/**
 * Work that runs one at a time per key, in arrival order: `run` waits for the work before it of the same key to end
 * (it is never refused), then runs. In this process only: several server processes each keep their own turns.
 */
export class Turns {
  private readonly tails = new Map<string, Promise<void>>();
  /** Work running now, and work waiting for its turn, over all keys. */
  running = 0;
  waiting = 0;

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key);
    let done!: () => void;
    const tail = new Promise<void>((resolve) => (done = resolve));
    this.tails.set(key, tail);
    try {
      if (before) {
        this.waiting++;
        await before.finally(() => this.waiting--);
      }
      this.running++;
      try {
        return await work();
      } finally {
        this.running--;
      }
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
      done();
    }
  }
}
