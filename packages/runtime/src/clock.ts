/** The source of time for timestamps, timers and schedules. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => Date.now() };

/**
 * A clock that moves only when told, for deterministic tests.
 *
 * @example
 * const clock = new ManualClock(Date.UTC(2026, 0, 1));
 * clock.advance(1500);
 * clock.now(); // 1767225601500
 */
export class ManualClock implements Clock {
  #now: number;
  constructor(startMs = 0) {
    this.#now = startMs;
  }
  now(): number {
    return this.#now;
  }
  /** Moves time forward by `ms` (never backwards). */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`advance needs a non-negative number of milliseconds, got ${ms}`);
    this.#now += ms;
  }
  /** Sets the time; it may not go backwards. */
  set(ms: number): void {
    if (ms < this.#now) throw new RangeError(`the clock cannot go back from ${this.#now} to ${ms}`);
    this.#now = ms;
  }
}
