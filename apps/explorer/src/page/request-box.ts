/** The exact API request behind a view, as a curl command to copy. */
import { type Answer, curlCommand } from './api.js';
import { h } from './dom.js';
import type { OperationInfo } from './spec.js';

export function requestBox(operation: OperationInfo, path: string): HTMLElement {
  const command = curlCommand(operation, path);
  const code = h('code', { class: 'curl' }, command);
  const status = h('span', { class: 'copy-status', role: 'status' });
  const copy = h('button', { type: 'button', class: 'copy' }, 'Copy');
  copy.addEventListener('click', () => {
    navigator.clipboard.writeText(command).then(
      () => (status.textContent = 'Copied'),
      () => {
        // no clipboard (a page served over plain HTTP to another machine): select the text instead
        getSelection()?.selectAllChildren(code);
        status.textContent = 'Selected: press Ctrl+C';
      },
    );
  });
  return h(
    'figure',
    { class: 'request' },
    h('figcaption', {}, `API request (${operation.id})`),
    h('pre', {}, code),
    copy,
    status,
  );
}

/** An error answer, said plainly (the credential hint when the service asks for one). */
export function errorNote(answer: Extract<Answer, { ok: false }>): HTMLElement {
  const hint =
    answer.status === 401 ? ' Paste an API key or a bearer token under "Credentials" (pnpm cli keys create).' : '';
  return h(
    'p',
    { class: 'error', role: 'alert' },
    h('strong', {}, answer.status ? `${answer.status} ${answer.code}` : answer.code),
    `: ${answer.message}.${hint}`,
  );
}
