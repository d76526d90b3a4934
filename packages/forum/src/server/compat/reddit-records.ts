import type { RedditComment, RedditSubmission } from '../../compat/schemas.js';
import type { Comment, Post } from '../../schemas.js';

const REDDIT = 'https://www.reddit.com';

/** Epoch seconds of an ISO moment, with the milliseconds as a fraction where there are any (the dumps' `created_utc`). */
const epochSeconds = (iso: string) => Date.parse(iso) / 1000;

/** The path of a reddit.com address (a permalink as the dumps give it), or undefined for any other address. */
const redditPath = (url: string) => (url.startsWith(`${REDDIT}/`) ? url.slice(REDDIT.length) : undefined);

/**
 * A stored post as the Reddit dumps spell it: the answered fields under their Reddit names, then
 * every other field the source gave (its `extra`), as the source gave them. The importer keeps the
 * post's `url` in its column only when the source had no `permalink` (else `url` is in `extra`), so:
 * with `url` in `extra`, the column is the permalink; without, the column is the link, and also the
 * permalink when it is a reddit.com address (a self post's link is its own permalink). A record the
 * source gave neither of (the demo's) answers its own address as `url`, no `permalink`.
 */
export function redditSubmission(post: Post): RedditSubmission {
  const extra = post.extra ?? {};
  const permalink = redditPath(post.url);
  const linkInExtra = typeof extra.url === 'string';
  return {
    id: post.id,
    title: post.title,
    selftext: post.content,
    author: post.author,
    subreddit: post.community,
    score: post.score,
    ups: post.upvotes,
    downs: post.downvotes,
    num_comments: post.commentCount,
    created_utc: epochSeconds(post.createdAt),
    ...(permalink !== undefined ? { permalink } : {}),
    ...(linkInExtra ? {} : { url: post.url }),
    ...extra,
  };
}

/**
 * A stored comment as the dumps spell it. Its `permalink` only where the source gave one: the
 * importer fills the column of a comment without one with `…/comments/{post}/_/{id}/`, which is
 * not answered as the source's.
 */
export function redditComment(comment: Comment): RedditComment {
  const made = `${REDDIT}/r/${comment.community}/comments/${comment.postId}/_/${comment.id}/`;
  const permalink = comment.url === made ? undefined : redditPath(comment.url);
  return {
    id: comment.id,
    body: comment.body,
    author: comment.author,
    subreddit: comment.community,
    score: comment.score,
    created_utc: epochSeconds(comment.createdAt),
    link_id: `t3_${comment.postId}`,
    parent_id: comment.parentId === null ? `t3_${comment.postId}` : `t1_${comment.parentId}`,
    edited: comment.edited && comment.editedAt !== null ? epochSeconds(comment.editedAt) : comment.edited,
    distinguished: comment.distinguished,
    stickied: comment.stickied,
    ...(permalink !== undefined ? { permalink } : {}),
    ...(comment.extra ?? {}),
  };
}
