import { ServiceError } from '@socialquery/core/server';

/** `minScore` and `maxScore` as given (each inclusive); an empty range (maxScore below minScore) is a 400 on maxScore. */
export function scoreRangeOf(minScore: number | undefined, maxScore: number | undefined) {
  if (minScore !== undefined && maxScore !== undefined && maxScore < minScore) {
    const message = 'must not be below minScore';
    throw new ServiceError('invalid_parameter', `maxScore (${maxScore}) ${message} (${minScore})`, {
      issues: [{ path: 'maxScore', message }],
    });
  }
  return { ...(minScore !== undefined ? { minScore } : {}), ...(maxScore !== undefined ? { maxScore } : {}) };
}
