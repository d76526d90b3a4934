import { communityPosts } from '@socialquery/forum';
import { credentialKinds, type CredentialKind } from '@socialquery/store';
import { type Command, Option } from 'commander';
import { CliError, type Io } from '../io.js';
import { withStore } from '../store-option.js';

/**
 * Where a feed token goes: a feed's URL is its listing's own API path with `feeds/<secret>/` after
 * `/api/v1/` and `.atom` or `.rss` at its end (apps/api/src/feeds/listings.ts, docs/feeds.md). The
 * example is made from the forum community listing's path in its contract, so it names a route
 * the service serves (apps/server/src/feed-hint.test.ts requests it).
 */
export const feedUrlExample = (secret = '<secret>') =>
  communityPosts.path.replace(/^\/api\/v1\//, `/api/v1/feeds/${secret}/`).replace(/\{(\w+)\}/g, '<$1>') + '.atom';

export function keysCommand(program: Command, io: Io) {
  const keys = program
    .command('keys')
    .description('create, list and revoke credentials (API keys, bearer tokens and feed tokens)');

  keys
    .command('create')
    .description('create a credential; its secret is printed once, alone on the last line')
    .addOption(
      new Option(
        '--kind <kind>',
        'api-key (x-api-key header), token (Authorization: Bearer) or feed (in the path of Atom and RSS feed URLs only)',
      )
        .choices(credentialKinds)
        .makeOptionMandatory(),
    )
    .option('--name <name>', 'a label to recognise it by in `keys list`')
    .action(async (options: { kind: CredentialKind; name?: string }) => {
      await withStore(program.opts(), async (store) => {
        const created = await store.credentials.create(options.kind, options.name);
        const where =
          created.kind === 'feed'
            ? `; feed URLs carry it in their path, such as ${feedUrlExample()} (or .rss; every feed: docs/feeds.md)`
            : '';
        io.out(
          `created ${created.kind} ${created.id}${created.name ? ` (${created.name})` : ''}${where}; the secret is shown only now:`,
        );
        io.out(created.secret);
      });
    });

  keys
    .command('list')
    .description('list credentials (never their secrets)')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      await withStore(program.opts(), async (store) => {
        const list = await store.credentials.list();
        if (options.json) {
          io.out(JSON.stringify(list, null, 2));
          return;
        }
        if (list.length === 0) {
          io.out(`no credentials; create one with \`keys create --kind ${credentialKinds.join('|')}\``);
          return;
        }
        for (const c of list) {
          const state = c.revokedAt ? `revoked ${c.revokedAt}` : 'active';
          io.out([c.id, c.kind.padEnd(7), c.hint, c.createdAt, state, c.name ?? ''].join('  ').trimEnd());
        }
      });
    });

  keys
    .command('revoke')
    .description('revoke a credential by id; it is refused from the next request on')
    .argument('<id>', 'credential id, as `keys list` shows it')
    .action(async (id: string) => {
      await withStore(program.opts(), async (store) => {
        if (!(await store.credentials.revoke(id))) throw new CliError(`no active credential with id ${id}`);
        io.out(`revoked ${id}`);
      });
    });
}
