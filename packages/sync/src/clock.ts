import { setTimeout as delay } from 'node:timers/promises';

/** Time as sync sees it: tests give a clock whose waits take no time and move `now` forward. */
export interface Clock {
  now: () => number;
  /** Resolves after `ms`; rejects when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => delay(ms, undefined, signal ? { signal } : {}),
};
