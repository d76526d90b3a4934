import { openStore } from '@socialquery/store';
import { createTestStoreAddress, type TestStoreAddress } from '@socialquery/store/testing';
import type { Io } from '../io.js';
import { runCli } from '../program.js';

let target: TestStoreAddress;
beforeAll(async () => {
  target = await createTestStoreAddress({ shared: true });
});
afterAll(() => target.drop());

async function cli(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (t) => out.push(t), err: (t) => err.push(t), interactive: false };
  const code = await runCli(['--store', target.address, ...args], io);
  return { code, out: out.join('\n'), err: err.join('\n'), lastLine: out.at(-1) ?? '' };
}

async function check(secret: string, kind: 'feed' | 'token' | 'api-key') {
  const store = await openStore(target.address);
  try {
    return await store.credentials.check(secret, kind);
  } finally {
    await store.close();
  }
}

describe('keys --kind feed', () => {
  it('create prints where a feed token goes, then the secret alone on the last line; it checks only as a feed token', async () => {
    const created = await cli('keys', 'create', '--kind', 'feed', '--name', 'my reader');
    expect(created.code).toBe(0);
    expect(created.lastLine).toMatch(/^sqf_[A-Za-z0-9_-]{32}$/);
    expect(created.out).toMatch(
      /^created feed cred_[0-9a-f]+ \(my reader\); feed URLs carry it in their path, such as \/api\/v1\/feeds\/<secret>\/forum\/community\/<community>\/posts\.atom /,
    );
    const id = /created feed (cred_[0-9a-f]+)/.exec(created.out)![1]!;
    expect(await check(created.lastLine, 'feed')).toBe(id);
    expect(await check(created.lastLine, 'token')).toBeNull();
    expect(await check(created.lastLine, 'api-key')).toBeNull();

    const listed = await cli('keys', 'list');
    const line = listed.out.split('\n').find((l) => l.startsWith(id));
    expect(line).toMatch(new RegExp(`^${id}  feed {5}…${created.lastLine.slice(-4)}  \\S+  active  my reader$`));
    expect(listed.out).not.toContain(created.lastLine);
    const json = JSON.parse((await cli('keys', 'list', '--json')).out) as { id: string }[];
    expect(json.find((c) => c.id === id)).toMatchObject({ kind: 'feed', name: 'my reader', revokedAt: null });
  });

  it('revoke refuses a feed token from then on', async () => {
    const created = await cli('keys', 'create', '--kind', 'feed');
    const id = /created feed (cred_[0-9a-f]+)/.exec(created.out)![1]!;
    expect(await check(created.lastLine, 'feed')).toBe(id);
    expect(await cli('keys', 'revoke', id)).toMatchObject({ code: 0, out: `revoked ${id}` });
    expect(await check(created.lastLine, 'feed')).toBeNull();
    expect((await cli('keys', 'list')).out).toMatch(new RegExp(`^${id}  feed .* revoked \\S+$`, 'm'));
  });

  it('an unknown kind names the three kinds', async () => {
    const bad = await cli('keys', 'create', '--kind', 'rss');
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain('api-key, token, feed');
  });
});
