import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCursorCodec } from '@socialquery/core/server';
import { createProfessionalHandlers } from '@socialquery/professional/server';
import type { Store } from '../../store.js';
import { importData } from '../../import/index.js';
import { importFixture, openTestStore } from '../../testing.js';
import { createSqlProfessionalSource } from './source.js';

/**
 * The fixture export (packages/store/test/fixtures/import/linkedin) holds the columns of a real
 * "Get a copy of your data" download: what no field holds is this.
 */
const EXTRA = {
  'Profile.csv': {
    'Maiden Name': '',
    Summary: 'Invented the first compiler, among other things',
    Industry: 'Computer Software',
    // held in part (city, country; the first address): kept whole
    'Geo Location': 'Arlington, Virginia, United States',
    'Twitter Handles': '[gracehopper]',
    Websites: '[PERSONAL:https://grace.example.org]',
    'Instant Messengers': '',
  },
  'Certifications.csv': [{ 'Finished On': '', 'License Number': '' }],
};
const COMPANY = 'linkedin-company-eckert-mauchly-computer-corporation';

describe('linkedin-export imports keep the columns no field holds as the profile’s extra', () => {
  let store: Store;
  let dir: string;
  const handlers = () => createProfessionalHandlers(createSqlProfessionalSource(store.db));
  const ctx = { now: new Date('2026-06-15T12:00:00Z'), cursors: createCursorCodec('k'.repeat(32)), requestId: 'test' };
  const importExport = () => importData(store.db, 'professional', 'linkedin-export', dir);

  beforeEach(async () => {
    store = await openTestStore();
    dir = mkdtempSync(join(tmpdir(), 'linkedin-extra-'));
    cpSync(importFixture('linkedin'), dir, { recursive: true });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores every unmapped column by file and header name', async () => {
    await importExport();
    const row = await store.db
      .selectFrom('professional_profiles')
      .select('extra')
      .where('id', '=', 'linkedin-grace-hopper')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.extra)).toEqual(EXTRA);
  });

  it('a section file’s rows line up with the section’s items', async () => {
    writeFileSync(
      join(dir, 'Honors.csv'),
      'Title,Description,Issued On,Issuer\nNational Medal of Technology,,1991,The President\nDefense Distinguished Service Medal,,1986,DoD\n',
    );
    await importExport();
    const profile = (await handlers().profile({ username: 'grace-hopper', include_honors: true } as never, {
      ...ctx,
      extra: true,
    })) as { data: { honors: { title: string }[]; extra: Record<string, unknown> } };
    expect(profile.data.honors.map((honor) => honor.title)).toEqual([
      'National Medal of Technology',
      'Defense Distinguished Service Medal',
    ]);
    expect(profile.data.extra['Honors.csv']).toEqual([{ Issuer: 'The President' }, { Issuer: 'DoD' }]);
  });

  it('a re-import of the same export changes nothing', async () => {
    await importExport();
    const again = await importExport();
    expect(again.imported).toBe(0);
    expect(again.updated).toBe(0);
  });

  it('answers extra only to a read that asks for it: the profile, lookups and employees alike', async () => {
    await importExport();
    const profile = async (extra: boolean) =>
      ((await handlers().profile({ username: 'grace-hopper' } as never, { ...ctx, extra })) as { data: object }).data;
    expect(await profile(true)).toMatchObject({ extra: EXTRA });
    expect(await profile(false)).not.toHaveProperty('extra');
    const found = (await handlers().profilesByIds({ ids: ['Grace-Hopper'] }, { ...ctx, extra: true })) as {
      data: { profiles: { extra?: unknown }[] };
    };
    expect(found.data.profiles.map((p) => p.extra)).toEqual([EXTRA]);
    const employees = async (extra: boolean) =>
      (
        (await handlers().companyEmployees({ companyId: COMPANY, limit: 10 }, { ...ctx, extra })) as {
          employees: { id: string; extra?: unknown }[];
        }
      ).employees;
    expect((await employees(true)).map((e) => [e.id, e.extra])).toEqual([['linkedin-grace-hopper', EXTRA]]);
    expect((await employees(false))[0]).not.toHaveProperty('extra');
  });
});
