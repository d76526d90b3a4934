/**
 * Runs a listing operation and shows its answer: the request, the records as cards, and paging.
 * The page's paging token (or offset) is part of the address like every other value, so "Next
 * page" is a link and the browser's back button returns to the page before.
 */
import { call, requestPath, type Values } from './api.js';
import { h, replace } from './dom.js';
import { recordCard } from './records.js';
import { errorNote, requestBox } from './request-box.js';
import { hrefOf, type ViewName } from './route.js';
import { type OperationInfo, recordsOf, valueAt } from './spec.js';

export async function showListing(
  target: HTMLElement,
  view: ViewName,
  operation: OperationInfo,
  values: Values,
): Promise<void> {
  const path = requestPath(operation, values);
  replace(target, requestBox(operation, path), h('p', { class: 'loading', role: 'status' }, 'Loading…'));
  const answer = await call(operation, path);
  if (!answer.ok) {
    replace(target, requestBox(operation, path), errorNote(answer));
    return;
  }
  const records = recordsOf(operation, answer.body);
  const next = nextValues(operation, values, answer.body, records.length);
  const firstPage = isFirstPage(operation, values);
  const pager = h(
    'nav',
    { class: 'pager', 'aria-label': 'Pages' },
    firstPage ? null : h('a', { href: hrefOf(view, withoutPaging(operation, values)) }, 'First page'),
    next ? h('a', { href: hrefOf(view, next), rel: 'next' }, 'Next page') : h('span', {}, 'Last page'),
  );
  replace(
    target,
    requestBox(operation, path),
    h(
      'p',
      { class: 'count', role: 'status' },
      records.length === 0
        ? 'Nothing matches.'
        : `${records.length} ${records.length === 1 ? 'record' : 'records'} on this page`,
    ),
    h('div', { class: 'records' }, ...records.map((record) => recordCard(record, operation.id))),
    records.length > 0 ? pager : null,
  );
}

function withoutPaging(operation: OperationInfo, values: Values): Values {
  const rest = { ...values };
  if (operation.paging?.kind === 'token') delete rest[operation.paging.param];
  if (operation.paging?.kind === 'offset') delete rest.offset;
  return rest;
}

function isFirstPage(operation: OperationInfo, values: Values): boolean {
  if (operation.paging?.kind === 'token') return !values[operation.paging.param];
  if (operation.paging?.kind === 'offset') return !values.offset || values.offset === '0';
  return true;
}

/** The values of the next page, or undefined on the last one. */
function nextValues(operation: OperationInfo, values: Values, body: unknown, count: number): Values | undefined {
  const paging = operation.paging;
  if (paging?.kind === 'token') {
    const token = valueAt(body, paging.next);
    return typeof token === 'string' && token !== '' ? { ...values, [paging.param]: token } : undefined;
  }
  if (paging?.kind === 'offset') {
    const limitParam = operation.params.find((param) => param.name === 'limit');
    const limit = Number(values.limit ?? limitParam?.default ?? count);
    if (count < limit) return undefined;
    const offset = Number(values.offset ?? 0) + limit;
    const maximum = operation.params.find((param) => param.name === 'offset')?.maximum;
    return maximum !== undefined && offset > maximum ? undefined : { ...values, offset: String(offset) };
  }
  return undefined;
}
