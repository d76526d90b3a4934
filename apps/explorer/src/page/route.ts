/**
 * Where the page is, in the address's fragment (`#search?op=forum.searchPosts&q=zebrafish`): every
 * view and its parameters can be bookmarked, shared and reached with the browser's back button.
 */
import type { Values } from './api.js';

export type ViewName = 'search' | 'pages' | 'thread' | 'counts';
export const VIEW_NAMES: readonly ViewName[] = ['search', 'pages', 'thread', 'counts'];

export interface Route {
  view: ViewName;
  values: Values;
}

export function currentRoute(): Route {
  const [name = '', query = ''] = location.hash.replace(/^#\/?/, '').split('?', 2);
  const view = VIEW_NAMES.find((candidate) => candidate === name) ?? 'search';
  return { view, values: Object.fromEntries(new URLSearchParams(query)) };
}

/** The fragment of a view with these values (empty ones left out). */
export function hrefOf(view: ViewName, values: Values = {}): string {
  const query = new URLSearchParams(Object.entries(values).filter(([, value]) => value !== ''));
  const search = query.toString();
  return `#${view}${search ? `?${search}` : ''}`;
}

export function go(view: ViewName, values: Values): void {
  const href = hrefOf(view, values);
  // the same fragment fires no hashchange: run the view again (a "Search" pressed twice refreshes)
  if (location.hash === href) window.dispatchEvent(new HashChangeEvent('hashchange'));
  else location.hash = href;
}
