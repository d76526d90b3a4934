import type { Post } from '../schemas.js';

/** A post record for the handlers' tests: score 1, no body, unless told otherwise. */
export const postRecord = (fields: Partial<Post> & Pick<Post, 'id'>): Post => ({
  title: fields.id,
  content: '',
  author: 'u',
  community: 'c',
  upvotes: fields.score ?? 1,
  downvotes: 0,
  score: 1,
  commentCount: 0,
  createdAt: '2026-06-15T12:00:00.000Z',
  url: 'u',
  ...fields,
});
