import { laterOf, timeWindowOf } from './time-window.js';
import { ServiceError } from './service-error.js';

const at = (iso: string) => new Date(iso);

describe('timeWindowOf', () => {
  it('is undefined without bounds, and keeps the bounds given', () => {
    expect(timeWindowOf(undefined, undefined)).toBeUndefined();
    expect(timeWindowOf(at('2024-05-01T00:00:00Z'), undefined)).toEqual({ after: at('2024-05-01T00:00:00Z') });
    expect(timeWindowOf(undefined, at('2024-05-01T00:00:00Z'))).toEqual({ before: at('2024-05-01T00:00:00Z') });
    expect(timeWindowOf(at('2024-05-01T00:00:00Z'), at('2024-05-01T00:00:00.001Z'))).toEqual({
      after: at('2024-05-01T00:00:00Z'),
      before: at('2024-05-01T00:00:00.001Z'),
    });
  });

  it.each([
    ['2024-05-01T00:00:00Z', '2024-05-01T00:00:00Z'],
    ['2024-05-02T00:00:00Z', '2024-05-01T00:00:00Z'],
  ])('refuses after %p with before %p: 400 invalid_parameter', (after, before) => {
    let thrown: unknown;
    try {
      timeWindowOf(at(after), at(before));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ServiceError);
    expect(thrown).toMatchObject({
      code: 'invalid_parameter',
      status: 400,
      message: `after (${at(after).toISOString()}) must be earlier than before (${at(before).toISOString()})`,
      details: { issues: [{ path: 'after', message: 'must be earlier than before' }] },
    });
  });
});

describe('laterOf', () => {
  it('takes the later bound, or the one given', () => {
    const [a, b] = [at('2024-05-01T00:00:00Z'), at('2024-06-01T00:00:00Z')];
    expect(laterOf(a, b)).toBe(b);
    expect(laterOf(b, a)).toBe(b);
    expect(laterOf(undefined, a)).toBe(a);
    expect(laterOf(a, undefined)).toBe(a);
    expect(laterOf(undefined, undefined)).toBeUndefined();
  });
});
