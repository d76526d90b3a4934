/**
 * The `/explore` page: a view of the service's data through its own API and the user's own
 * credentials. Each view lives at an address fragment (route.ts) and shows the API requests behind
 * it; the operations, their parameters and paging come from the service's OpenAPI document (spec.ts).
 */
import { credential, saveCredential } from './api.js';
import { h, replace } from './dom.js';
import { currentRoute, hrefOf, type ViewName } from './route.js';
import { loadOperations, type OperationInfo } from './spec.js';
import { countsView } from './views/counts.js';
import { pagesView } from './views/pages.js';
import { searchView } from './views/search.js';
import { threadView } from './views/thread.js';

const VIEWS: Record<ViewName, { label: string; show: typeof searchView }> = {
  search: { label: 'Search', show: searchView },
  pages: { label: 'Users and communities', show: pagesView },
  thread: { label: 'Thread', show: threadView },
  counts: { label: 'Counts over time', show: countsView },
};

const main = document.getElementById('view')!;
const nav = document.getElementById('views')!;

function credentialsForm(): HTMLElement {
  const apiKey = h('input', { id: 'api-key', type: 'password', autocomplete: 'off', value: credential('apiKey') });
  const token = h('input', { id: 'token', type: 'password', autocomplete: 'off', value: credential('bearer') });
  const status = h('span', { role: 'status', class: 'saved' });
  const form = h(
    'form',
    { class: 'credentials', 'aria-label': 'Credentials' },
    h(
      'p',
      { class: 'hint' },
      'Video and music operations take an API key (sqk_…), the others a bearer token (sqt_…): make them with ',
      h('code', {}, 'pnpm cli keys create'),
      '. They are kept in this tab only (session storage) and sent only to this service.',
    ),
    h('div', { class: 'field' }, h('label', { for: 'api-key' }, 'API key'), apiKey),
    h('div', { class: 'field' }, h('label', { for: 'token' }, 'Bearer token'), token),
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Use these'), status),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    saveCredential('apiKey', apiKey.value);
    saveCredential('bearer', token.value);
    status.textContent = 'Saved for this tab';
    box.open = false;
    void show();
  });
  const box = h(
    'details',
    { class: 'credentials-box', open: !credential('apiKey') && !credential('bearer') },
    h('summary', {}, 'Credentials'),
    form,
  );
  return box;
}

let operations: Map<string, OperationInfo> | undefined;

async function show(): Promise<void> {
  const { view, values } = currentRoute();
  for (const link of nav.querySelectorAll('a')) {
    if (link.dataset.view === view) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  document.title = `${VIEWS[view].label} · socialquery explorer`;
  try {
    operations ??= await loadOperations();
  } catch (error) {
    replace(main, h('p', { class: 'error', role: 'alert' }, `Could not read the API description: ${String(error)}`));
    return;
  }
  await VIEWS[view].show(main, operations, values);
}

replace(
  nav,
  h(
    'ul',
    {},
    ...(Object.keys(VIEWS) as ViewName[]).map((view) =>
      h('li', {}, h('a', { href: hrefOf(view), 'data-view': view }, VIEWS[view].label)),
    ),
  ),
);
document.getElementById('credentials')?.replaceChildren(credentialsForm());
window.addEventListener('hashchange', () => void show());
void show();
