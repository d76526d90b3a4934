/**
 * A form for an operation's parameters, built from its description: a list for an enumeration, a
 * number field with the bounds for an integer, yes/no/either for a flag, a text field otherwise;
 * every control labelled, its description beside it.
 */
import type { Values } from './api.js';
import { h } from './dom.js';
import type { OperationInfo, Param } from './spec.js';

export interface FormOptions {
  /** Parameters the form leaves out (paging tokens, the export format). */
  omit?: readonly string[];
  submitLabel?: string;
  onSubmit: (values: Values) => void;
  /** Extra controls before the parameters (the operation picker). */
  before?: Node;
}

/** Parameters no form shows: the page pages by itself and shows JSON records. */
export const HIDDEN_PARAMS = ['fields', 'format'];

export function operationForm(operation: OperationInfo, values: Values, options: FormOptions): HTMLFormElement {
  const omit = new Set([...HIDDEN_PARAMS, ...(options.omit ?? []), ...pagingParams(operation)]);
  const fields = operation.params
    .filter((param) => !omit.has(param.name))
    .map((param) => field(operation, param, values));
  const form = h(
    'form',
    { class: 'params', 'aria-label': operation.summary },
    options.before,
    ...fields,
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, options.submitLabel ?? 'Run')),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const picked: Values = {};
    for (const [name, value] of data) if (typeof value === 'string' && value !== '') picked[name] = value;
    options.onSubmit(picked);
  });
  return form;
}

/** The parameters paging sets itself. */
export function pagingParams(operation: OperationInfo): string[] {
  if (operation.paging?.kind === 'token') return [operation.paging.param];
  if (operation.paging?.kind === 'offset') return ['offset'];
  return [];
}

function field(operation: OperationInfo, param: Param, values: Values): HTMLElement {
  const id = `param-${operation.id}-${param.name}`.replace(/[^A-Za-z0-9_-]/g, '-');
  const hintId = `${id}-hint`;
  const value = values[param.name] ?? (param.in === 'path' ? (param.example ?? '') : '');
  const common = {
    id,
    name: param.name,
    required: param.required,
    'aria-describedby': param.description ? hintId : undefined,
  };
  let control: HTMLElement;
  if (param.enum || param.type === 'boolean') {
    const choices = param.enum ?? ['true', 'false'];
    const blank = param.required ? null : h('option', { value: '' }, blankLabel(param));
    control = h(
      'select',
      common,
      blank,
      ...choices.map((choice) => h('option', { value: choice, selected: choice === value }, choice)),
    );
  } else if (param.type === 'integer') {
    control = h('input', {
      ...common,
      type: 'number',
      min: param.minimum,
      max: param.maximum,
      step: 1,
      value,
      placeholder: param.default !== undefined ? String(param.default) : undefined,
    });
  } else {
    control = h('input', {
      ...common,
      type: param.name === 'q' || param.name === 'keyword' ? 'search' : 'text',
      value,
      placeholder: param.example,
      spellcheck: 'false',
    });
  }
  return h(
    'div',
    { class: 'field' },
    h(
      'label',
      { for: id },
      param.name,
      param.required ? h('span', { class: 'required', 'aria-hidden': 'true' }, ' *') : null,
    ),
    control,
    param.description ? h('small', { id: hintId, class: 'hint' }, param.description) : null,
  );
}

function blankLabel(param: Param): string {
  if (param.default !== undefined) return `(default: ${String(param.default)})`;
  return param.type === 'boolean' ? '(either)' : '(any)';
}
