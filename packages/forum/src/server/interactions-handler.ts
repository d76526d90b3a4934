import { type ContractHandlers, notFound, resolveTimeBound, timeWindowOf } from '@socialquery/core/server';
import type { forumContract } from '../contract.js';
import type { UserInteractionsResponse } from '../schemas.js';
import type { ForumSource, InteractionsQuery } from './source.js';

type InteractionHandlers = Pick<ContractHandlers<typeof forumContract>, 'userInteractions'>;

/**
 * A user's interactions (docs/forum-users.md) over any ForumSource: the window resolved at the
 * request's moment, 404 when nothing was counted and the store holds nothing by the user.
 */
export function createInteractionHandlers(
  source: Pick<ForumSource, 'userInteractions' | 'userExists'>,
): InteractionHandlers {
  return {
    async userInteractions(params, { now }) {
      const { username } = params;
      const users = await interactionsOf(source, {
        username,
        ...(params.community !== undefined ? { community: params.community } : {}),
        window: timeWindowOf(resolveTimeBound(params.after, now), resolveTimeBound(params.before, now)),
        limit: params.limit,
        minCount: params.minCount,
      });
      if (users.length === 0 && !(await source.userExists(username))) throw notFound(`user '${username}'`);
      return { users };
    },
  };
}

/** The source's counts with their sum, as both the operation and Arctic Shift's route answer them. */
export async function interactionsOf(
  source: Pick<ForumSource, 'userInteractions'>,
  { window, ...query }: Omit<InteractionsQuery, 'window'> & { window: InteractionsQuery['window'] | undefined },
): Promise<UserInteractionsResponse['users']> {
  const found = await source.userInteractions({ ...query, ...(window ? { window } : {}) });
  return found.map(({ username, repliesTo, repliesFrom }) => ({
    username,
    count: repliesTo + repliesFrom,
    repliesTo,
    repliesFrom,
  }));
}
