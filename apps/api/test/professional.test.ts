import { ErrorBody } from '@socialquery/core';
import {
  companyEmployees,
  type Employee,
  EmployeesResponse,
  includeFlag,
  profile,
  ProfileResponse,
  profilesByIds,
  ProfilesByIdsResponse,
  type SectionName,
  sectionNames,
} from '@socialquery/professional';
import { toProfessionalPositionRow, upsertProfessionalPositionRows } from '@socialquery/store';
import request from 'supertest';
import { startTestService, type TestService } from './harness.js';
import { describeOperationRules } from './operation-rules.case.js';

let service: TestService;
let username: string;
let companyId: string;
let title: string;

beforeAll(async () => {
  service = await startTestService();
  const examples = await service.store.examples();
  ({ username, companyId, title } = examples.professional!);
});
afterAll(() => service.close());

const PROFILE = '/api/v1/professional/api/v1/user/profile';
const EMPLOYEES = '/api/v1/professional/company/employees';

const getProfile = (query: Record<string, string>, header = 'X-API-Key', key = service.apiKey) =>
  request(service.app).get(PROFILE).query(query).set(header, key);
const getEmployees = (query: Record<string, string>, token = service.token) =>
  request(service.app).get(EMPLOYEES).query(query).set('Authorization', `Bearer ${token}`);

const flagsOf = (sections: readonly SectionName[]) => Object.fromEntries(sections.map((s) => [includeFlag(s), 'true']));

// ---------------------------------------------------------------------------------------------
// Ground truth read from the store's tables
// ---------------------------------------------------------------------------------------------

async function profileRow(publicIdentifier: string) {
  return service.store.db
    .selectFrom('professional_profiles')
    .selectAll()
    .where('username_key', '=', publicIdentifier.toLowerCase())
    .executeTakeFirstOrThrow();
}

/** A company's current employees (optionally whose current title contains `filter`), by lower-cased last name, first name, id. */
async function employeesOf(company: string, filter?: string) {
  const db = service.store.db;
  const rows = await db
    .selectFrom('professional_positions as pos')
    .innerJoin('professional_profiles as p', 'p.id', 'pos.profile_id')
    .select(['p.id', 'p.first_name', 'p.last_name', 'pos.title'])
    .where('pos.company_id', '=', company)
    .where('pos.end_date', 'is', null)
    .execute();
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return rows
    .filter((r) => filter === undefined || r.title.toLowerCase().includes(filter.toLowerCase()))
    .sort(
      (a, b) =>
        cmp(a.last_name.toLowerCase(), b.last_name.toLowerCase()) ||
        cmp(a.first_name.toLowerCase(), b.first_name.toLowerCase()) ||
        cmp(a.id, b.id),
    );
}

describeOperationRules(
  profile,
  () => service,
  () => ({ path: {}, query: { username } }),
);
describeOperationRules(
  companyEmployees,
  () => service,
  () => ({ path: {}, query: { companyId } }),
);
describeOperationRules(
  profilesByIds,
  () => service,
  () => ({ path: {}, query: { ids: `${username},no-such-member-anywhere` } }),
);

describe('GET /api/v1/professional/api/v1/user/profile', () => {
  it('answers the base fields from the store, success true and cost 1 without flags', async () => {
    const res = await getProfile({ username });
    expect(res.status).toBe(200);
    const body = ProfileResponse.parse(res.body);
    expect(body).toMatchObject({ success: true, cost: 1 });
    const row = await profileRow(username);
    expect(body.data).toMatchObject({
      id: row.id,
      public_identifier: row.public_identifier,
      first_name: row.first_name,
      last_name: row.last_name,
      full_name: row.full_name,
      headline: row.headline,
      created: Number(row.created),
      created_date: new Date(Number(row.created)).toISOString(),
      is_premium: Number(row.is_premium) === 1,
      location: { city: row.city, country_code: row.country_code },
      birth: { day: Number(row.birth_day), month: Number(row.birth_month), year: Number(row.birth_year) },
      avatar: JSON.parse(row.avatar),
      primary_locale: { country: row.primary_country, language: row.primary_language },
    });
    for (const section of sectionNames) expect(Object.keys(res.body.data)).not.toContain(section);
  });

  it('matches the username case-insensitively', async () => {
    const res = await getProfile({ username: username.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.data.public_identifier).toBe(username);
  });

  it('accepts the API key under any header-name case: X-API-Key, x-api-key, X-Api-KEY', async () => {
    for (const header of ['X-API-Key', 'x-api-key', 'X-Api-KEY']) {
      const res = await getProfile({ username }, header);
      expect(res.status).toBe(200);
    }
  });

  it.each(sectionNames)('adds %s only with its flag, with the stored content', async (section) => {
    const row = await profileRow(username);
    const on = await getProfile({ username, [includeFlag(section)]: 'true' });
    expect(on.status).toBe(200);
    const body = ProfileResponse.parse(on.body);
    expect(body.cost).toBe(2);
    const expected =
      section === 'follower_and_connection'
        ? { follower_count: Number(row.follower_count), connection_count: Number(row.connection_count) }
        : JSON.parse(row[section]);
    expect(body.data[section]).toEqual(expected);
    if (Array.isArray(expected)) expect(expected.length).toBeGreaterThan(0);
    expect(Object.keys(on.body.data).filter((k) => (sectionNames as readonly string[]).includes(k))).toEqual([section]);
    const off = await getProfile({ username, [includeFlag(section)]: 'false' });
    expect(Object.keys(off.body.data)).not.toContain(section);
    expect(off.body.cost).toBe(1);
  });

  it('returns every section with every flag, cost 10', async () => {
    const res = await getProfile({ username, ...flagsOf(sectionNames) });
    const body = ProfileResponse.parse(res.body);
    expect(body.cost).toBe(10);
    for (const section of sectionNames) expect(body.data[section]).toBeDefined();
  });

  it('answers every one of the 512 flag combinations with cost 1 + true flags and exactly those sections', async () => {
    for (let mask = 0; mask < 1 << sectionNames.length; mask++) {
      const on = sectionNames.filter((_, bit) => (mask & (1 << bit)) !== 0);
      // false flags alternately spelled out and left out
      const off = Object.fromEntries(
        sectionNames
          .filter((s, bit) => !on.includes(s) && (mask + bit) % 2 === 0)
          .map((s) => [includeFlag(s), 'false']),
      );
      const res = await getProfile({ username, ...flagsOf(on), ...off });
      expect(res.status).toBe(200);
      expect(res.body.cost).toBe(1 + on.length);
      expect(
        Object.keys(res.body.data)
          .filter((k) => (sectionNames as readonly string[]).includes(k))
          .sort(),
      ).toEqual([...on].sort());
    }
  });

  it('reports cost 1 + true flags for a sample of combinations, and charges it: RateLimit-Remaining drops by the cost', async () => {
    const key = (await service.store.credentials.create('api-key', 'cost test')).secret;
    let previous: number | undefined;
    for (const mask of [0, 1, 3, 0b101010101, 0b111111111, 0b100000000, 7]) {
      const on = sectionNames.filter((_, bit) => (mask & (1 << bit)) !== 0);
      const res = await getProfile({ username, ...flagsOf(on) }, 'x-api-key', key);
      expect(res.status).toBe(200);
      expect(res.body.cost).toBe(1 + on.length);
      const remaining = Number(res.headers['ratelimit-remaining']);
      expect(Number.isFinite(remaining)).toBe(true);
      if (previous !== undefined) expect(previous - remaining).toBe(1 + on.length);
      previous = remaining;
    }
  });

  it('refuses a non-strict boolean: 400 with success false', async () => {
    for (const bad of ['1', 'yes', 'TRUE', '']) {
      const res = await getProfile({ username, include_skills: bad });
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(res.body)).toMatchObject({ statusCode: 400 });
      expect(res.body.success).toBe(false);
    }
  });

  it('404s an unknown username, with success false', async () => {
    const res = await getProfile({ username: 'no-such-member-anywhere' });
    expect(res.status).toBe(404);
    expect(ErrorBody.parse(res.body)).toMatchObject({ statusCode: 404, code: 'not_found' });
    expect(res.body.success).toBe(false);
  });

  it('carries success false on auth errors too', async () => {
    const res = await request(service.app).get(PROFILE).query({ username });
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });

  it('carries success false on the checks that run before routing, and on unknown routes of the group', async () => {
    const refused = [
      [await getProfile({ username: 'a\0b' }), 400, 'invalid_parameter'],
      [await getProfile({ username, api_key: 'x' }), 400, 'credentials_in_query'],
      [await getProfile({ username: 'x'.repeat(9_000) }), 414, 'uri_too_long'],
      [await request(service.app).get('/api/v1/professional/no-such-route'), 404, 'not_found'],
      // a doubled slash routes nowhere, but is still under the group's path
      [await request(service.app).get(`/${PROFILE}`).query({ username }), 404, 'not_found'],
      [await request(service.app).get(PROFILE.replace('/professional/', '//professional//')), 404, 'not_found'],
      // the group's own path, without a trailing slash or with doubled ones
      [await request(service.app).get('/api/v1/professional'), 404, 'not_found'],
      [await request(service.app).get('//api//v1//professional'), 404, 'not_found'],
    ] as const;
    for (const [res, status, code] of refused) {
      expect(res.status).toBe(status);
      expect(ErrorBody.parse(res.body)).toMatchObject({ statusCode: status, code });
      expect(res.body.success).toBe(false);
    }
    // other groups' errors keep their own envelope
    const forum = await request(service.app).get('/api/v1/forum/community/x/posts').query({ token: 'x' });
    expect(forum.status).toBe(400);
    expect(forum.body).not.toHaveProperty('success');
  });
});

describe('GET /api/v1/professional/company/employees', () => {
  it('has the demo data the tests rely on: a company with 100+ current employees', async () => {
    expect((await employeesOf(companyId)).length).toBeGreaterThanOrEqual(100);
  });

  it('returns the first 50 current employees in order, and total counts all of them', async () => {
    const all = await employeesOf(companyId);
    const res = await getEmployees({ companyId });
    expect(res.status).toBe(200);
    const body = EmployeesResponse.parse(res.body);
    expect(body.total).toBe(all.length);
    expect(body.employees.map((e) => e.id)).toEqual(all.slice(0, 50).map((r) => r.id));
  });

  it('gives each employee the stored fields and every position, dates YYYY-MM-DD, newest first', async () => {
    const body = EmployeesResponse.parse((await getEmployees({ companyId, limit: '20' })).body);
    const db = service.store.db;
    for (const employee of body.employees as Employee[]) {
      const row = await db
        .selectFrom('professional_profiles')
        .selectAll()
        .where('id', '=', employee.id)
        .executeTakeFirstOrThrow();
      expect(employee).toMatchObject({
        firstName: row.first_name,
        lastName: row.last_name,
        headline: row.headline,
        connections: Number(row.connection_count),
        location: `${row.city}, ${row.geographic_area}, ${row.country}`,
      });
      expect(employee.profileUrl).toContain(row.public_identifier);
      const positions = await db
        .selectFrom('professional_positions as pos')
        .innerJoin('professional_companies as c', 'c.id', 'pos.company_id')
        .select(['pos.title', 'c.name', 'pos.start_date', 'pos.end_date'])
        .where('pos.profile_id', '=', employee.id)
        .execute();
      const expected = positions
        .map((p) => ({ title: p.title, company: p.name, startDate: p.start_date, endDate: p.end_date ?? '' }))
        .sort((a, b) => (a.startDate < b.startDate ? 1 : -1));
      expect(employee.experience).toEqual(expected);
      for (const x of employee.experience) expect(x.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(employee.experience[0]!.endDate).toBe('');
    }
  });

  it('filters on the current title, case-insensitively (substring), total counting all matches', async () => {
    const all = await employeesOf(companyId);
    const matching = await employeesOf(companyId, title);
    expect(matching.length).toBeGreaterThan(0);
    expect(matching.length).toBeLessThan(all.length);
    for (const variant of [title, title.toUpperCase(), title[0]!.toUpperCase() + title.slice(1)]) {
      const body = EmployeesResponse.parse((await getEmployees({ companyId, title: variant, limit: '500' })).body);
      expect(body.total).toBe(matching.length);
      expect(body.employees.map((e) => e.id)).toEqual(matching.map((r) => r.id));
    }
    const none = EmployeesResponse.parse((await getEmployees({ companyId, title: 'astronaut' })).body);
    expect(none).toEqual({ employees: [], total: 0, cursor: '' });
  });

  it('keeps total independent of limit; limit 1 and 500 bound the page', async () => {
    const all = await employeesOf(companyId);
    for (const limit of [1, 7, 500]) {
      const body = EmployeesResponse.parse((await getEmployees({ companyId, limit: String(limit) })).body);
      expect(body.total).toBe(all.length);
      expect(body.employees.map((e) => e.id)).toEqual(all.slice(0, limit).map((r) => r.id));
    }
  });

  it('refuses limits out of 1..500 and a missing companyId: 400 with success false', async () => {
    for (const query of [{ companyId, limit: '0' }, { companyId, limit: '501' }, { companyId, limit: 'ten' }, {}]) {
      const res = await getEmployees(query as Record<string, string>);
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(res.body).statusCode).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });

  it('404s an unknown company, with success false', async () => {
    const res = await getEmployees({ companyId: 'no-such-company' });
    expect(res.status).toBe(404);
    expect(ErrorBody.parse(res.body)).toMatchObject({ code: 'not_found' });
    expect(res.body.success).toBe(false);
  });

  it('refuses an API key in place of the bearer token: 401 with success false', async () => {
    const res = await request(service.app).get(EMPLOYEES).query({ companyId }).set('x-api-key', service.apiKey);
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });
});

describe('company employees: paging by cursor (keyset, an addition beside employees and total)', () => {
  /** A page, checked against the response schema. */
  async function page(query: Record<string, string>, token?: string) {
    const res = await getEmployees(query, token);
    expect({ status: res.status, body: res.status === 200 ? 'ok' : res.body }).toEqual({ status: 200, body: 'ok' });
    return EmployeesResponse.parse(res.body);
  }

  /** Follows cursor to the end with the page sizes given in turn (the last one repeated): ids, cursors and totals seen. */
  async function walkAll(query: Record<string, string>, sizes: number[]) {
    const token = (await service.store.credentials.create('token', 'employees paging walk')).secret;
    const ids: string[] = [];
    const cursors: string[] = [];
    const totals = new Set<number>();
    let cursor = '';
    do {
      const limit = String(sizes[Math.min(cursors.length, sizes.length - 1)]);
      const body = await page({ ...query, limit, ...(cursor ? { cursor } : {}) }, token);
      ids.push(...body.employees.map((e) => e.id));
      cursors.push(body.cursor);
      totals.add(body.total);
      cursor = body.cursor;
      if (cursors.length > 500) throw new Error('paging did not end');
    } while (cursor !== '');
    return { ids, cursors, totals };
  }

  it('walking every page gives every current employee once, in order, total on every page; the last cursor is empty', async () => {
    const all = (await employeesOf(companyId)).map((r) => r.id);
    const { ids, cursors, totals } = await walkAll({ companyId }, [17]);
    expect(ids).toEqual(all);
    expect(cursors).toHaveLength(Math.ceil(all.length / 17));
    expect(cursors.slice(0, -1).every((c) => /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(c))).toBe(true);
    expect(cursors.at(-1)).toBe('');
    expect([...totals]).toEqual([all.length]);
    // the page size may change between pages; one page holding the rest ends with ''
    expect((await walkAll({ companyId }, [1, 60, 9, 500])).ids).toEqual(all);
    const first = await page({ companyId, limit: String(all.length - 5) });
    const rest = await page({ companyId, limit: '5', cursor: first.cursor });
    expect(rest.employees.map((e) => e.id)).toEqual(all.slice(-5));
    expect(rest.cursor).toBe('');
    expect(await page({ companyId, limit: '500', cursor: '' })).toEqual(await page({ companyId, limit: '500' }));
  });

  it('pages through a title filter, the cursor bound to it case-insensitively', async () => {
    const matching = (await employeesOf(companyId, title)).map((r) => r.id);
    expect(matching.length).toBeGreaterThan(2);
    expect((await walkAll({ companyId, title }, [2])).ids).toEqual(matching);
    const first = await page({ companyId, title: title.toLowerCase(), limit: '2' });
    const second = await page({ companyId, title: title.toUpperCase(), limit: '500', cursor: first.cursor });
    expect([...first.employees, ...second.employees].map((e) => e.id)).toEqual(matching);
  });

  it('pages once through members whose names tie (told apart by id)', async () => {
    const ids = (
      await service.store.db.selectFrom('professional_profiles').select('id').orderBy('id').limit(6).execute()
    ).map((r) => r.id);
    await upsertProfessionalPositionRows(
      service.store.db,
      [4, 1, 5, 0, 3, 2].map((i) =>
        toProfessionalPositionRow({
          id: `paging-tie-${i}`,
          profileId: ids[i]!,
          companyId: 'paging-ties',
          title: 'Engineer',
          startDate: '2024-01-01',
          endDate: null,
          firstName: i % 2 ? 'TIED' : 'Tied',
          lastName: 'Names',
        }),
      ),
    );
    for (const sizes of [[1], [2], [4], [5, 1]])
      expect((await walkAll({ companyId: 'paging-ties' }, sizes)).ids).toEqual(ids);
  });

  it('refuses a cursor tampered with, or reused on another company, title or listing: 400 invalid_cursor, success false', async () => {
    const other = await service.store.db
      .selectFrom('professional_positions')
      .select('company_id')
      .where('is_current', '=', 1)
      .where('company_id', '<>', companyId)
      .executeTakeFirstOrThrow();
    const { cursor } = await page({ companyId, limit: '5' });
    const [payload, signature] = cursor.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ lastKey: 'a', firstKey: 'a', id: 'a' })).toString('base64url');
    for (const query of [
      { companyId: other.company_id, cursor } as Record<string, string>,
      { companyId, title, cursor },
      { companyId, cursor: `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}` },
      { companyId, cursor: `${forged}.${signature}` },
      { companyId, cursor: 'garbage' },
    ]) {
      const res = await getEmployees(query);
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(res.body)).toMatchObject({
        code: 'invalid_cursor',
        message: 'the paging token is invalid or belongs to another query',
      });
      expect(res.body.success).toBe(false);
    }
    // (control) the same cursor on its own query works, whatever the limit
    const all = (await employeesOf(companyId)).map((r) => r.id);
    expect((await page({ companyId, limit: '2', cursor })).employees.map((e) => e.id)).toEqual(all.slice(5, 7));
  });
});

// ---------------------------------------------------------------------------------------------
// Batch lookup by username (an extension)
// ---------------------------------------------------------------------------------------------

describe('GET /api/v1/professional/profiles (batch lookup)', () => {
  const getMany = (ids: string, key = service.apiKey, extra: Record<string, string> = {}) =>
    request(service.app)
      .get(profilesByIds.path)
      .query({ ids, ...extra })
      .set('X-API-Key', key);
  const lookup = async (ids: string) => {
    const res = await getMany(ids);
    expect(res.status).toBe(200);
    return ProfilesByIdsResponse.parse(res.body);
  };
  /** Usernames as the store spells them, in a stable order. */
  const usernames = async (n: number) =>
    (
      await service.store.db
        .selectFrom('professional_profiles')
        .select('public_identifier')
        .orderBy('username_key')
        .limit(n)
        .execute()
    ).map((r) => r.public_identifier);

  it('does not collide with the profile route', () => {
    expect(profilesByIds.path).toBe('/api/v1/professional/profiles');
    expect(profilesByIds.path).not.toBe(profile.path);
  });

  it('answers the profiles found in request order, repeats once, notFound in request order, cost per distinct username', async () => {
    const [a, b, c] = await usernames(3);
    const body = await lookup(`${c},nobody-1,${a},${c},nobody-2,${b},nobody-1`);
    expect(body.success).toBe(true);
    expect(body.data.profiles.map((p) => p.public_identifier)).toEqual([c, a, b]);
    expect(body.data.notFound).toEqual(['nobody-1', 'nobody-2']);
    expect(body.cost).toBe(5);
  });

  it('each profile equals what the profile operation answers without include flags (no sections)', async () => {
    const names = await usernames(5);
    const body = await lookup(names.join(','));
    for (const [i, name] of names.entries()) {
      const single = ProfileResponse.parse((await getProfile({ username: name })).body);
      expect(body.data.profiles[i]).toEqual(single.data);
      for (const section of sectionNames) expect(Object.keys(body.data.profiles[i]!)).not.toContain(section);
    }
  });

  it('matches usernames case-insensitively like the profile operation; spellings differing in case count once', async () => {
    const upper = username.toUpperCase();
    expect((await getProfile({ username: upper })).status).toBe(200);
    const body = await lookup(`${upper},${username},NOBODY-X,nobody-x`);
    expect(body.data.profiles.map((p) => p.public_identifier)).toEqual([username]);
    expect(body.data.notFound).toEqual(['NOBODY-X']);
    expect(body.cost).toBe(2);
  });

  it('only unknown usernames: 200, success true, no profiles, never a 404', async () => {
    const body = await lookup('nobody-a,nobody-b');
    expect(body).toEqual({ success: true, cost: 2, data: { profiles: [], notFound: ['nobody-a', 'nobody-b'] } });
  });

  it('takes 100 usernames; 101, an empty entry or none → 400 with success false', async () => {
    const hundred = await usernames(100);
    const body = await lookup(hundred.join(','));
    expect(body.data.profiles.map((p) => p.public_identifier)).toEqual(hundred);
    expect(body.cost).toBe(100);
    for (const ids of [
      [...hundred, 'one-more'].join(','),
      '',
      ',',
      `${username},`,
      `${username},,x`,
      'x'.repeat(101),
    ]) {
      const res = await getMany(ids);
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(res.body)).toMatchObject({ code: 'invalid_parameter', issues: [{ path: 'ids' }] });
      expect(res.body.success).toBe(false);
    }
    const missing = await request(service.app).get(profilesByIds.path).set('X-API-Key', service.apiKey);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'missing_parameter', success: false });
  });

  it('charges the cost: RateLimit-Remaining drops by the number of distinct usernames', async () => {
    const key = (await service.store.credentials.create('api-key', 'batch cost test')).secret;
    const names = await usernames(7);
    let previous: number | undefined;
    for (const ids of [
      names.slice(0, 1),
      names,
      [...names.slice(0, 3), 'nobody', names[0]!, names[1]!.toUpperCase()],
      names.slice(2, 4),
    ]) {
      const res = await getMany(ids.join(','), key);
      expect(res.status).toBe(200);
      const distinct = new Set(ids.map((id) => id.toLowerCase())).size;
      expect(res.body.cost).toBe(distinct);
      const remaining = Number(res.headers['ratelimit-remaining']);
      expect(Number.isFinite(remaining)).toBe(true);
      if (previous !== undefined) expect(previous - remaining).toBe(distinct);
      previous = remaining;
    }
  });

  it('fields trims each profile and keeps success, cost and notFound', async () => {
    const res = await getMany(`${username},nobody`, service.apiKey, { fields: 'public_identifier,location.city' });
    expect(res.status).toBe(200);
    const single = ProfileResponse.parse((await getProfile({ username })).body).data;
    expect(res.body).toEqual({
      success: true,
      cost: 2,
      data: {
        profiles: [{ public_identifier: single.public_identifier, location: { city: single.location.city } }],
        notFound: ['nobody'],
      },
    });
  });
});
