/**
 * A view over a few listing operations: a picker of the operation, the form of its parameters and
 * the listing it answers. The search view and the users-and-communities view are two of these.
 */
import type { Values } from '../api.js';
import { h, replace } from '../dom.js';
import { operationForm } from '../form.js';
import { showListing } from '../listing.js';
import { go, type ViewName } from '../route.js';
import type { OperationInfo } from '../spec.js';

export interface Choice {
  id: string;
  label: string;
}

export async function listingView(
  target: HTMLElement,
  view: ViewName,
  heading: string,
  operations: ReadonlyMap<string, OperationInfo>,
  choices: readonly Choice[],
  values: Values,
): Promise<void> {
  const available = choices.filter((choice) => operations.has(choice.id));
  const chosen = available.find((choice) => choice.id === values.op) ?? available[0];
  const operation = chosen && operations.get(chosen.id);
  if (!chosen || !operation) {
    replace(target, h('h2', {}, heading), h('p', {}, 'This service mounts none of these operations.'));
    return;
  }
  const picker = h(
    'div',
    { class: 'field' },
    h('label', { for: `${view}-op` }, 'Operation'),
    h(
      'select',
      {
        id: `${view}-op`,
        name: 'op',
        onchange: (event: Event) => go(view, { op: (event.target as HTMLSelectElement).value }),
      },
      ...available.map((choice) => h('option', { value: choice.id, selected: choice === chosen }, choice.label)),
    ),
  );
  const results = h('section', { class: 'results', 'aria-label': 'Results', 'aria-live': 'polite' });
  replace(
    target,
    h('h2', {}, heading),
    h('p', { class: 'summary' }, operation.description || operation.summary),
    operationForm(operation, values, {
      before: picker,
      submitLabel: view === 'search' ? 'Search' : 'Show',
      onSubmit: (picked) => go(view, { ...picked, op: chosen.id }),
    }),
    results,
  );
  const ready = operation.params.every((param) => !param.required || values[param.name]);
  if (ready && values.op) await showListing(results, view, operation, values);
}
