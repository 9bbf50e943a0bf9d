/** At most `limit` tasks at once; the others wait their turn in order. */
export class Semaphore {
  #running = 0;
  readonly #waiting: Array<() => void> = [];
  readonly limit: number;

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`Semaphore limit must be a positive integer: ${limit}`);
    this.limit = limit;
  }

  get running(): number {
    return this.#running;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.limit) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running += 1;
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      // The slot passes straight to the next waiter, so a newcomer cannot jump the queue.
      if (next) next();
      else this.#running -= 1;
    }
  }
}
