import {
  type ContractHandlers,
  cursorBinding,
  decodePosition,
  inRequestOrder,
  notFound,
  resolveTimeBound,
  timeWindowOf,
} from '@socialquery/core/server';
import { z } from 'zod';
import { postComments, userComments, type forumContract } from '../contract.js';
import type { Comment } from '../schemas.js';
import { readTreePage, type TreeRoot } from './comment-tree.js';
import type { CommentSource } from './source.js';
import { TreePageCache } from './tree-page-cache.js';
import { scoreRangeOf } from './score-range.js';

type CommentHandlers = Pick<ContractHandlers<typeof forumContract>, 'postComments' | 'userComments' | 'commentsByIds'>;

/** Shapes a decoded token must have (defensive: a signed token always has them). */
const Id = z.string().min(1).max(100);
const EpochMs = z.number().int().min(0).max(8.64e15);
const TreeRootSchema = z.strictObject({
  parentId: Id.nullable(),
  after: z.strictObject({ key: z.number(), id: Id }).optional(),
  depth: z.number().int().min(0),
  seen: z.number().int().min(0),
});
const UserPositionSchema = z.strictObject({ createdAt: EpochMs, id: Id });

/**
 * A tree cursor continues the replies of one comment (or the top level) in one sort: it is bound to
 * the post and the sort, not to `depth` or `limit`, which each page may choose anew.
 */
const TREE_UNBOUND = ['cursor', 'depth', 'limit'];
const LIST_UNBOUND = ['cursor', 'limit'];

/**
 * The comment operations over any CommentSource. The tree is read by comment-tree.ts, its pages kept
 * while their thread's version stays the same (tree-page-cache.ts) — but not a page with the comments'
 * `extra` (`fields=…,extra`, the context's `extra`), read afresh each time: the source's fields are
 * most of a comment's bytes and seldom asked for, and the thread versions do not follow them
 * (packages/store/src/platforms/forum/thread-versions.ts); the user listing pages by keyset
 * (the last comment's createdAt and id, signed and bound to the username and filters), asking for one
 * comment more than `limit` to know whether another page follows.
 */
export function createCommentHandlers(
  source: CommentSource & { userExists(name: string): Promise<boolean> },
  /** Where tree pages are kept; null: none are (an export reads each page once). */
  pages: TreePageCache | null = new TreePageCache(),
): CommentHandlers {
  return {
    async postComments({ postId, sort, depth, limit, cursor }, { cursors, extra }) {
      const binding = cursorBinding(postComments.id, { postId, sort, depth, limit, cursor }, TREE_UNBOUND);
      const root: TreeRoot = cursor
        ? withoutUndefined(decodePosition(cursors, cursor, binding, TreeRootSchema))
        : { parentId: null, depth: 0, seen: 0 };
      const query = { postId, sort, root, levels: depth, limit };
      const read = async () => {
        const page = await readTreePage(source, query, (next) => cursors.encode(next, binding), { extra });
        if (!cursor && page.comments.length === 0 && !(await source.threadExists(postId)))
          throw notFound(`post '${postId}'`);
        return page;
      };
      if (!pages || extra) return read();
      const version = await source.threadVersion(postId);
      const kept = pages.get(query, version);
      if (kept) return kept;
      const page = await read();
      if ((await source.threadVersion(postId)) === version) pages.set(query, version, page);
      return page;
    },
    async userComments({ username, limit, cursor, after, before, minScore, maxScore }, { now, cursors, extra }) {
      // a relative bound is resolved when each page is asked, and bound as written
      const window = timeWindowOf(resolveTimeBound(after, now), resolveTimeBound(before, now));
      const binding = cursorBinding(
        userComments.id,
        { username: username.toLowerCase(), limit, cursor, after, before, minScore, maxScore },
        LIST_UNBOUND,
      );
      const position = cursor ? decodePosition(cursors, cursor, binding, UserPositionSchema) : undefined;
      const rows = await source.userComments(
        {
          username,
          ...(window ? { window } : {}),
          ...scoreRangeOf(minScore, maxScore),
          ...(position ? { after: position } : {}),
          limit: limit + 1,
        },
        { extra },
      );
      const comments = rows.slice(0, limit);
      if (!cursor && comments.length === 0 && !(await source.userExists(username)))
        throw notFound(`user '${username}'`);
      const last = comments.at(-1);
      return {
        comments,
        cursor: rows.length > limit && last ? cursors.encode(userPosition(last), binding) : '',
      };
    },
    async commentsByIds({ ids }, { extra }) {
      const { records: comments, notFound } = inRequestOrder(
        ids,
        await source.commentsByIds(ids, { extra }),
        (comment) => comment.id,
      );
      return { comments, notFound };
    },
  };
}

const userPosition = (comment: Comment) => ({ createdAt: Date.parse(comment.createdAt), id: comment.id });

/** A decoded root without the keys zod left undefined (exactOptionalPropertyTypes). */
function withoutUndefined({ parentId, after, depth, seen }: z.output<typeof TreeRootSchema>): TreeRoot {
  return { parentId, ...(after ? { after } : {}), depth, seen };
}
