import { sectionNames } from '@socialquery/professional';
import type { EmployeeEntry } from '@socialquery/professional/server';
import type { Kysely } from 'kysely';
import { findProfessionalExamples } from './examples.js';
import { toProfessionalPositionRow, upsertProfessionalPositionRows } from './rows.js';
import type { Database } from '../../schema.js';
import { seedDemo } from '../../seed.js';
import { testStoreKind } from '../../testing.js';
import { openPlannedDb, type PlannedDb, planPatterns } from '../query-plans.case.js';
import { createSqlProfessionalSource, likeContaining } from './source.js';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const kind = testStoreKind();
let planned: PlannedDb;
let db: Kysely<Database>;
let seedMs = 0;

const planRules = {
  indexRange: (index: string) =>
    kind === 'sqlite'
      ? planPatterns.sqlite.indexRange(index, '(professional_\\w+|pos)')
      : planPatterns.postgres.indexRange(index),
  tableScan: planPatterns[kind].tableScan('professional_positions'),
  sortStep: planPatterns[kind].sortStep,
};

beforeAll(async () => {
  planned = await openPlannedDb();
  db = planned.db;
  const started = performance.now();
  await seedDemo(db, { now: NOW, only: ['professional'] });
  seedMs = performance.now() - started;
});
afterAll(() => planned.close());

const source = () => createSqlProfessionalSource(db);
/** The employees of a listing's entries, in order. */
const employeesOf = ({ entries }: { entries: EmployeeEntry[] }) => entries.map((entry) => entry.employee);

/** The current employees of a company, computed here from the tables: by lower-cased last name, first name, id. */
async function currentOf(companyId: string, title?: string) {
  const rows = await db
    .selectFrom('professional_positions as pos')
    .innerJoin('professional_profiles as p', 'p.id', 'pos.profile_id')
    .select(['p.id', 'p.first_name', 'p.last_name', 'pos.title'])
    .where('pos.company_id', '=', companyId)
    .where('pos.end_date', 'is', null)
    .execute();
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return rows
    .filter((r) => title === undefined || r.title.toLowerCase().includes(title.toLowerCase()))
    .sort(
      (a, b) =>
        cmp(a.last_name.toLowerCase(), b.last_name.toLowerCase()) ||
        cmp(a.first_name.toLowerCase(), b.first_name.toLowerCase()) ||
        cmp(a.id, b.id),
    );
}

describe('professional source', () => {
  it('seeds quickly enough to seed once per API test file', () => {
    // measured, not asserted tightly: a loaded 2-core machine is slow
    expect(seedMs).toBeLessThan(60_000);
  });

  it('reads a profile case-insensitively with exactly the sections asked for', async () => {
    const { public_identifier } = await db
      .selectFrom('professional_profiles')
      .select('public_identifier')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const bare = await source().profile({ username: public_identifier.toUpperCase(), sections: [] });
    expect(bare?.public_identifier).toBe(public_identifier);
    for (const section of sectionNames) expect(bare).not.toHaveProperty(section);
    const full = await source().profile({ username: public_identifier, sections: sectionNames });
    for (const section of sectionNames) expect(full).toHaveProperty(section);
    expect(full!.experiences!.length).toBeGreaterThan(0);
    const some = await source().profile({
      username: public_identifier,
      sections: ['skills', 'follower_and_connection'],
    });
    expect(
      Object.keys(some!)
        .filter((k) => (sectionNames as readonly string[]).includes(k))
        .sort(),
    ).toEqual(['follower_and_connection', 'skills']);
    expect(await source().profile({ username: 'nobody-here', sections: sectionNames })).toBeUndefined();
  });

  it('reads the base profiles of a list of usernames case-insensitively, in one query on the unique username key', async () => {
    const names = (
      await db.selectFrom('professional_profiles').select('public_identifier').orderBy('id').limit(3).execute()
    ).map((r) => r.public_identifier);
    let found: Awaited<ReturnType<ReturnType<typeof source>['profiles']>> = [];
    const plans = await planned.plansOf(async () => {
      found = await source().profiles([names[0]!.toUpperCase(), 'nobody-here', names[1]!, names[2]!]);
    });
    expect(found.map((p) => p.public_identifier).sort()).toEqual([...names].sort());
    for (const profile of found)
      expect(profile).toEqual(await source().profile({ username: profile.public_identifier, sections: [] }));
    expect(plans).toHaveLength(1);
    expect(plans[0]!.join('\n')).not.toMatch(planPatterns[kind].tableScan('professional_profiles'));
    expect(await source().profiles([])).toEqual([]);
  });

  it('lists current employees in order with the total of all matches, with and without a title filter', async () => {
    const examples = (await findProfessionalExamples(db))!;
    const all = await currentOf(examples.companyId);
    expect(all.length).toBeGreaterThanOrEqual(100);
    const page = await source().companyEmployees({ companyId: examples.companyId, limit: 30 });
    expect(page.total).toBe(all.length);
    expect(employeesOf(page).map((e) => e.id)).toEqual(all.slice(0, 30).map((r) => r.id));
    // each entry's position is the employee's place in that order
    expect(page.entries[0]!.position).toEqual({
      lastKey: all[0]!.last_name.toLowerCase(),
      firstKey: all[0]!.first_name.toLowerCase(),
      id: all[0]!.id,
    });
    const filtered = await currentOf(examples.companyId, examples.title);
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.length).toBeLessThan(all.length);
    const byTitle = await source().companyEmployees({
      companyId: examples.companyId,
      title: examples.title.toUpperCase(),
      limit: 500,
    });
    expect(byTitle.total).toBe(filtered.length);
    expect(employeesOf(byTitle).map((e) => e.id)).toEqual(filtered.map((r) => r.id));
  });

  it('pages employees after a position (keyset): the whole listing in order, with and without a title', async () => {
    const examples = (await findProfessionalExamples(db))!;
    for (const [title, size] of [
      [undefined, 7],
      [examples.title, 1],
    ] as const) {
      const whole = await source().companyEmployees({
        companyId: examples.companyId,
        limit: 500,
        ...(title ? { title } : {}),
      });
      expect(whole.entries.length).toBeGreaterThan(size);
      const ids: string[] = [];
      let last: EmployeeEntry['position'] | undefined;
      for (;;) {
        const page = await source().companyEmployees({
          companyId: examples.companyId,
          limit: size,
          ...(title ? { title } : {}),
          ...(last ? { after: last } : {}),
        });
        if (page.entries.length === 0) break;
        expect(page.total).toBe(whole.total);
        ids.push(...employeesOf(page).map((e) => e.id));
        last = page.entries.at(-1)!.position;
      }
      expect(ids).toEqual(employeesOf(whole).map((e) => e.id));
    }
  });

  it('pages once through employees whose names tie (by member id), whatever the page size', async () => {
    const ids = (await db.selectFrom('professional_profiles').select('id').orderBy('id').limit(7).execute()).map(
      (r) => r.id,
    );
    // seven members of one company, all "Same Name" (keys as the writer makes them), listed in a shuffled order
    await upsertProfessionalPositionRows(
      db,
      [3, 0, 6, 1, 5, 2, 4].map((i) =>
        toProfessionalPositionRow({
          id: `tie-${i}`,
          profileId: ids[i]!,
          companyId: '99999998',
          title: 'Engineer',
          startDate: '2024-01-01',
          endDate: null,
          firstName: i % 2 ? 'SAME' : 'Same',
          lastName: 'Name',
        }),
      ),
    );
    try {
      const whole = await source().companyEmployees({ companyId: '99999998', limit: 500 });
      expect(employeesOf(whole).map((e) => e.id)).toEqual(ids);
      for (const size of [1, 2, 3]) {
        const walked: string[] = [];
        let page = await source().companyEmployees({ companyId: '99999998', limit: size });
        while (page.entries.length > 0) {
          walked.push(...employeesOf(page).map((e) => e.id));
          page = await source().companyEmployees({
            companyId: '99999998',
            limit: size,
            after: page.entries.at(-1)!.position,
          });
        }
        expect(walked).toEqual(ids);
      }
    } finally {
      await db.deleteFrom('professional_positions').where('company_id', '=', '99999998').execute();
    }
  });

  it('gives each employee their positions newest first, current one with an empty endDate', async () => {
    const examples = (await findProfessionalExamples(db))!;
    const employees = employeesOf(await source().companyEmployees({ companyId: examples.companyId, limit: 50 }));
    for (const employee of employees) {
      const starts = employee.experience.map((x) => x.startDate);
      expect(starts).toEqual([...starts].sort().reverse());
      expect(employee.experience[0]!.endDate).toBe('');
      for (const x of employee.experience) {
        expect(x.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(x.endDate).toMatch(/^(\d{4}-\d{2}-\d{2})?$/);
      }
    }
  });

  it('treats % and _ in a title literally', async () => {
    expect(likeContaining('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    const examples = (await findProfessionalExamples(db))!;
    await upsertProfessionalPositionRows(db, [
      toProfessionalPositionRow({
        id: 'odd-title',
        profileId: 'ACoAA0000001',
        companyId: '99999999',
        title: 'Head of 100% Growth_Ops',
        startDate: '2024-01-01',
        endDate: null,
        firstName: 'X',
        lastName: 'Y',
      }),
    ]);
    expect((await source().companyEmployees({ companyId: '99999999', title: '0% growth_', limit: 5 })).total).toBe(1);
    expect((await source().companyEmployees({ companyId: '99999999', title: '0%%', limit: 5 })).total).toBe(0);
    expect((await source().companyEmployees({ companyId: examples.companyId, title: '%', limit: 5 })).total).toBe(0);
    expect((await source().companyEmployees({ companyId: examples.companyId, title: '_', limit: 5 })).total).toBe(0);
    await db.deleteFrom('professional_positions').where('id', '=', 'odd-title').execute();
  });

  it('answers nothing for an unknown company and tells known from unknown', async () => {
    expect(await source().companyEmployees({ companyId: 'nope', limit: 10 })).toEqual({ entries: [], total: 0 });
    expect(await source().companyExists('10000001')).toBe(true);
    expect(await source().companyExists('nope')).toBe(false);
  });

  it('serves the employees listing, its count and the page experience from indexes, in index order', async () => {
    const examples = (await findProfessionalExamples(db))!;
    // PostgreSQL may sort a small company's few rows when its statistics say that is cheaper (after
    // an autovacuum analyze, say); with sorting off it shows whether the index can give the order
    const plans = await planned.plansOf(
      async () => {
        await source().companyEmployees({ companyId: examples.companyId, title: examples.title, limit: 50 });
      },
      { disable: ['enable_seqscan', 'enable_sort'] },
    );
    expect(plans).toHaveLength(3);
    for (const plan of plans.slice(0, 2))
      expect(plan.join('\n')).toMatch(planRules.indexRange('professional_positions_company'));
    expect(plans[1]!.join('\n')).not.toMatch(planRules.sortStep);
    expect(plans[2]!.join('\n')).toMatch(planRules.indexRange('professional_positions_profile'));
    for (const plan of plans) expect(plan.join('\n')).not.toMatch(planRules.tableScan);
    // a next page (after a position) is the rest of the same range, in its order
    const first = await source().companyEmployees({ companyId: examples.companyId, limit: 20 });
    const next = await planned.plansOf(async () => {
      await source().companyEmployees({
        companyId: examples.companyId,
        after: first.entries.at(-1)!.position,
        limit: 20,
      });
    });
    expect(next).toHaveLength(3);
    expect(next[1]!.join('\n')).toMatch(planRules.indexRange('professional_positions_company'));
    expect(next[1]!.join('\n')).not.toMatch(planRules.sortStep);
    for (const plan of next) expect(plan.join('\n')).not.toMatch(planRules.tableScan);
  });
});
