/** An expected failure (bad option, failed build, server down): reported by its message alone. */
export class BenchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BenchError';
  }
}
