/** Time as a dependency, so tests can move it forward instead of sleeping. */
export type Clock = { now(): Date };

/** A clock someone may move forward (tests; the development server's /dev/clock). */
export type MovableClock = Clock & { advance(ms: number): void };

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts at the given time and moves only when told. */
export function manualClock(start = new Date()): MovableClock {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (ms: number) => {
      t += ms;
    },
  };
}

/**
 * Real time plus an offset that only grows: the development server's clock, so a person or a
 * browser test can let a day pass (auto-return, expiries) without waiting. Never in production.
 */
export function shiftedClock(base: Clock = systemClock): MovableClock {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    advance: (ms: number) => {
      if (ms < 0) throw new Error('the clock only moves forward');
      offset += ms;
    },
  };
}

export function isMovable(clock: Clock): clock is MovableClock {
  return typeof (clock as Partial<MovableClock>).advance === 'function';
}
