/**
 * The forum's counts: posts or comments per hour, day, week, month or year as a chart (uPlot,
 * served by the service itself), or per community or author; always also as a table, which
 * keyboard and screen-reader users read instead of the picture.
 */
import type uPlot from 'uplot';
import { call, requestPath, type Values } from '../api.js';
import { h, replace } from '../dom.js';
import { operationForm } from '../form.js';
import { errorNote, requestBox } from '../request-box.js';
import { go } from '../route.js';
import { type OperationInfo, recordsOf } from '../spec.js';

const TIME_GROUPS = new Set(['hour', 'day', 'week', 'month', 'year']);

export async function countsView(target: HTMLElement, operations: ReadonlyMap<string, OperationInfo>, values: Values) {
  const aggregate = operations.get('forum.aggregate');
  if (!aggregate) {
    replace(target, h('h2', {}, 'Counts over time'), h('p', {}, 'This service mounts no forum.'));
    return;
  }
  const results = h('section', { class: 'results', 'aria-label': 'Counts', 'aria-live': 'polite' });
  replace(
    target,
    h('h2', {}, 'Counts over time'),
    h('p', { class: 'summary' }, aggregate.description || aggregate.summary),
    operationForm(aggregate, values, { submitLabel: 'Count', onSubmit: (picked) => go('counts', picked) }),
    results,
  );
  if (!values.kind || !values.groupBy) return;

  const path = requestPath(aggregate, values);
  replace(results, requestBox(aggregate, path), h('p', { class: 'loading', role: 'status' }, 'Loading…'));
  const answer = await call(aggregate, path);
  if (!answer.ok) {
    replace(results, requestBox(aggregate, path), errorNote(answer));
    return;
  }
  const buckets = recordsOf(aggregate, answer.body).map((bucket) => ({
    key: String(bucket.key),
    count: typeof bucket.count === 'number' ? bucket.count : 0,
  }));
  const total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  const chart = h('div', { class: 'chart', role: 'img', 'aria-label': `${values.kind} per ${values.groupBy}` });
  replace(
    results,
    requestBox(aggregate, path),
    h(
      'p',
      { class: 'count', role: 'status' },
      `${total.toLocaleString('en')} ${values.kind} in ${buckets.length} groups`,
    ),
    TIME_GROUPS.has(values.groupBy) && buckets.length > 0 ? chart : null,
    countsTable(values.groupBy, values.kind, buckets),
  );
  if (TIME_GROUPS.has(values.groupBy) && buckets.length > 0) await drawChart(chart, values.kind, buckets);
}

function countsTable(groupBy: string, kind: string, buckets: { key: string; count: number }[]): HTMLElement {
  return h(
    'table',
    { class: 'counts' },
    h('caption', {}, `${kind} per ${groupBy}`),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, groupBy), h('th', { scope: 'col' }, kind))),
    h(
      'tbody',
      {},
      ...buckets.map((bucket) =>
        h('tr', {}, h('th', { scope: 'row' }, bucket.key.replace('T00:00:00.000Z', '')), h('td', {}, bucket.count)),
      ),
    ),
  );
}

/** uPlot, loaded from the service the first time a chart is drawn (the other views never need it). */
async function drawChart(target: HTMLElement, kind: string, buckets: { key: string; count: number }[]) {
  const url = new URL('../vendor/uPlot.esm.js', import.meta.url).href;
  const { default: UPlot } = (await import(url)) as { default: typeof uPlot };
  const seconds = buckets.map((bucket) => Date.parse(bucket.key) / 1000);
  const counts = buckets.map((bucket) => bucket.count);
  // half the shortest gap on each side, so that the first and last bars are drawn whole
  const gaps = seconds.slice(1).map((at, i) => at - seconds[i]!);
  const pad = gaps.length > 0 ? Math.min(...gaps) / 2 : 43_200;
  const first = seconds[0]!;
  const last = seconds[seconds.length - 1]!;
  const options: uPlot.Options = {
    width: Math.max(320, target.clientWidth || 800),
    height: 300,
    scales: { x: { time: true, range: () => [first - pad, last + pad] } },
    series: [
      {},
      {
        label: kind,
        stroke: '#1f5fa8',
        fill: 'rgba(31, 95, 168, 0.25)',
        paths: UPlot.paths.bars?.({ size: [0.8, 60] }),
        points: { show: false },
      },
    ],
    axes: [{}, { label: kind }],
  };
  target.replaceChildren();
  new UPlot(options, [seconds, counts], target);
}
