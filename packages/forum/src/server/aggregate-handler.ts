import {
  type ContractHandlers,
  parseQueryParam,
  planSearch,
  resolveTimeBound,
  timeWindowOf,
} from '@socialquery/core/server';
import type { forumContract } from '../contract.js';
import { type AggregateGroup, type AggregateKind, POST_SEARCH_FIELDS } from '../schemas.js';
import { scoreRangeOf } from './score-range.js';
import type { ForumResearchSource } from './source.js';

/** The most buckets a time grouping answers (the earliest): a year by hour is 8,760. */
export const TIME_BUCKETS_MAX = 10_000;

const TIME_GROUPS: ReadonlySet<AggregateGroup> = new Set(['hour', 'day', 'week', 'month', 'year']);

const isTimeGroup = (group: AggregateGroup) => TIME_GROUPS.has(group);

/**
 * Counts over any ForumResearchSource (docs/forum-aggregate.md): the window resolved at the
 * request's moment (after < before, else 400), `limit` for community and author groups and
 * TIME_BUCKETS_MAX for time groups. A community or author the store does not know counts nothing:
 * 200 with no buckets, as for a window without items.
 */
export function createAggregateHandlers(
  source: ForumResearchSource,
): Pick<ContractHandlers<typeof forumContract>, 'aggregate'> {
  return {
    async aggregate(params, { now }) {
      const { kind, groupBy, community, author, minCount, q, over18, postId } = params;
      const scores = scoreRangeOf(params.minScore, params.maxScore);
      const window = timeWindowOf(resolveTimeBound(params.after, now), resolveTimeBound(params.before, now));
      const limit = isTimeGroup(groupBy) ? TIME_BUCKETS_MAX : params.limit;
      const wordSets = q === undefined ? undefined : await wordSetsOf(source, kind, q);
      if (wordSets?.length === 0) return { kind, groupBy, buckets: [] };
      const buckets = await source.aggregate({
        kind,
        groupBy,
        ...(community !== undefined ? { community } : {}),
        ...(author !== undefined ? { author } : {}),
        ...(window ? { window } : {}),
        limit,
        minCount,
        ...(wordSets ? { wordSets } : {}),
        ...scores,
        ...(over18 !== undefined ? { over18 } : {}),
        ...(postId !== undefined ? { postId } : {}),
      });
      return { kind, groupBy, buckets: buckets.slice(0, limit) };
    },
  };
}

/** The word sets a query stands for (core's search-plan.ts); the schema took only a query a count can read. */
const wordSetsOf = async (source: ForumResearchSource, kind: AggregateKind, q: string) =>
  (
    await planSearch(parseQueryParam('q', q, { fields: POST_SEARCH_FIELDS }), (prefix, limit) =>
      source.wordsWithPrefix(kind, prefix, limit),
    )
  ).branches;
