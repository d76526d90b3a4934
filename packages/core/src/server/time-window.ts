import type { RelativeTime } from '../params.js';
import { ServiceError } from './service-error.js';

/** A caller's time window: exclusive bounds on when an item was created (either may be absent). */
export interface TimeWindow {
  after?: Date;
  before?: Date;
}

/**
 * The window of a request's `after`/`before` (core's timeBoundParam), or undefined when it gives
 * neither. `after` must be earlier than `before`, or no item could fall between two exclusive
 * bounds: 400 `invalid_parameter` (checked here, where both values are known).
 */
export function timeWindowOf(after: Date | undefined, before: Date | undefined): TimeWindow | undefined {
  if (after && before && after.getTime() >= before.getTime()) {
    const message = 'must be earlier than before';
    throw new ServiceError('invalid_parameter', `after (${after.toISOString()}) ${message} (${before.toISOString()})`, {
      issues: [{ path: 'after', message }],
    });
  }
  if (!after && !before) return undefined;
  return { ...(after ? { after } : {}), ...(before ? { before } : {}) };
}

/** The later of two exclusive lower bounds (undefined = none). */
export function laterOf(a: Date | undefined, b: Date | undefined): Date | undefined {
  if (!a) return b;
  if (!b) return a;
  return a.getTime() >= b.getTime() ? a : b;
}

/** A bound of relativeTimeBoundParam as a moment: a relative one counted back from the request's `now`. */
export function resolveTimeBound(bound: Date | RelativeTime | undefined, now: Date): Date | undefined {
  if (bound === undefined || bound instanceof Date) return bound;
  return new Date(Math.max(0, now.getTime() - bound.ago));
}
