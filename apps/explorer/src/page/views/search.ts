import type { Values } from '../api.js';
import type { OperationInfo } from '../spec.js';
import { type Choice, listingView } from './listing-view.js';

/** Each platform's search, with the query language, filters and sorts its operation takes. */
export const SEARCHES: readonly Choice[] = [
  { id: 'forum.searchPosts', label: 'Forum posts' },
  { id: 'forum.searchComments', label: 'Forum comments' },
  { id: 'video.search', label: 'Videos' },
  { id: 'music.explore.search', label: 'Music catalog' },
];

export function searchView(target: HTMLElement, operations: ReadonlyMap<string, OperationInfo>, values: Values) {
  return listingView(target, 'search', 'Search', operations, SEARCHES, values);
}
