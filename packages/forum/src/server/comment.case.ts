import type { Comment } from '../schemas.js';

/** A comment record for the handlers' tests: a top-level comment of post `p` unless told otherwise. */
export const commentRecord = (fields: Partial<Comment> & Pick<Comment, 'id'>): Comment => ({
  postId: 'p',
  parentId: null,
  community: 'c',
  author: 'u',
  body: fields.id,
  score: 1,
  createdAt: '2026-06-15T12:00:00.000Z',
  depth: null,
  edited: false,
  editedAt: null,
  distinguished: null,
  stickied: false,
  deleted: false,
  removed: false,
  url: 'u',
  ...fields,
});
