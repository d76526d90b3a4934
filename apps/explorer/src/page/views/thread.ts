/**
 * A forum thread: the post, then its comments as a tree of collapsible replies. Where the service
 * stops (the page size, the depth), the tree offers the continuation it answered: "more replies"
 * under a comment, "more comments" at the end; each one is a request of its own, listed with the
 * others under "API requests".
 */
import { type Answer, call, requestPath, type Values } from '../api.js';
import { append, h, replace } from '../dom.js';
import { operationForm } from '../form.js';
import { readableTime, recordCard } from '../records.js';
import { errorNote, requestBox } from '../request-box.js';
import { go } from '../route.js';
import { isObject, type OperationInfo, recordsOf } from '../spec.js';

type Json = Record<string, unknown>;

export async function threadView(target: HTMLElement, operations: ReadonlyMap<string, OperationInfo>, values: Values) {
  const comments = operations.get('forum.postComments');
  const posts = operations.get('forum.postsByIds');
  if (!comments || !posts) {
    replace(target, h('h2', {}, 'Thread'), h('p', {}, 'This service mounts no forum.'));
    return;
  }
  const requests = h('div', { class: 'requests' });
  const post = h('section', { class: 'post', 'aria-label': 'Post' });
  const tree = h('ul', { class: 'tree', 'aria-label': 'Comments' });
  const status = h('p', { class: 'count', role: 'status' });
  replace(
    target,
    h('h2', {}, 'Thread'),
    operationForm(comments, values, {
      submitLabel: 'Open',
      onSubmit: (picked) => go('thread', picked),
    }),
    h('details', { class: 'request-log' }, h('summary', {}, 'API requests'), requests),
    post,
    status,
    tree,
  );
  if (!values.postId) return;

  const run = async (operation: OperationInfo, requestValues: Values): Promise<Answer> => {
    const path = requestPath(operation, requestValues);
    append(requests, requestBox(operation, path));
    return call(operation, path);
  };

  // the thread's own parameters go with every continuation too (the cursor needs the same post and sort)
  const thread: Values = {
    postId: values.postId,
    sort: values.sort ?? '',
    depth: values.depth ?? '',
    limit: values.limit ?? '',
  };
  const [postAnswer, firstPage] = await Promise.all([run(posts, { ids: values.postId }), run(comments, thread)]);
  if (!postAnswer.ok) {
    replace(post, errorNote(postAnswer));
    return;
  }
  const [record] = recordsOf(posts, postAnswer.body);
  replace(post, record ? recordCard(record, posts.id) : h('p', {}, `No post ${values.postId} in the store.`));

  const branches = new Map<string, HTMLUListElement>();
  let shown = 0;
  /** A page of comments in their places; `level`: the list its continuation goes to (where the button was). */
  const addPage = (answer: Answer, level: HTMLUListElement, more?: HTMLElement) => {
    more?.remove();
    if (!answer.ok) {
      append(level, h('li', {}, errorNote(answer)));
      return;
    }
    const page = recordsOf(comments, answer.body);
    for (const comment of page) {
      const parent = typeof comment.parentId === 'string' ? branches.get(comment.parentId) : undefined;
      append(parent ?? level, commentNode(comment, branches));
      shown += 1;
    }
    // after the page's own replies: a comment's held-back replies come after those shown
    for (const comment of page) {
      const more = isObject(comment.moreReplies) ? comment.moreReplies : undefined;
      const branch = typeof comment.id === 'string' ? branches.get(comment.id) : undefined;
      if (more && typeof more.cursor === 'string' && branch) {
        const count = typeof more.count === 'number' ? more.count : 0;
        append(branch, continuation(repliesLabel(count), String(more.cursor), branch));
      }
    }
    const body = isObject(answer.body) ? answer.body : {};
    if (typeof body.cursor === 'string' && body.cursor) {
      const left = typeof body.moreCount === 'number' ? body.moreCount : 0;
      const label = level === tree ? `Load more comments (${left} more)` : repliesLabel(left);
      append(level, continuation(label, body.cursor, level));
    }
    status.textContent = `${shown} ${shown === 1 ? 'comment' : 'comments'} shown`;
  };
  /** A button that asks for the comments a cursor continues to and puts them in their places. */
  const continuation = (label: string, cursor: string, level: HTMLUListElement) => {
    const button = h('button', { type: 'button', class: 'more' }, label);
    const item = h('li', { class: 'continuation' }, button);
    button.addEventListener('click', () => {
      button.disabled = true;
      void run(comments, { ...thread, cursor }).then((next) => addPage(next, level, item));
    });
    return item;
  };
  addPage(firstPage, tree);
}

const repliesLabel = (count: number) => `${count} more ${count === 1 ? 'reply' : 'replies'}`;

/** One comment: a collapsible node (a native `details`: keyboard and screen readers know it), its replies in a list of their own. */
function commentNode(comment: Json, branches: Map<string, HTMLUListElement>): HTMLElement {
  const replies = h('ul', { class: 'replies' });
  if (typeof comment.id === 'string') branches.set(comment.id, replies);
  const header = [
    typeof comment.author === 'string' ? comment.author : '[unknown]',
    typeof comment.score === 'number' ? `${comment.score} points` : null,
    typeof comment.createdAt === 'string' ? readableTime(comment.createdAt) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return h(
    'li',
    { class: 'comment', 'data-id': String(comment.id ?? '') },
    h(
      'details',
      { open: true },
      h('summary', {}, header),
      h('p', { class: 'text' }, typeof comment.body === 'string' ? comment.body : ''),
      replies,
    ),
  );
}
