import { createCursorCodec, cursorBinding, ServiceError } from '@socialquery/core/server';
import {
  companyEmployees as companyEmployeesOperation,
  profile as profileOperation,
  profilesByIds,
} from '../contract.js';
import {
  type Employee,
  includeFlag,
  type ProfileBase,
  ProfileQuery,
  ProfileResponse,
  ProfilesByIdsResponse,
  type ProfileSections,
  type SectionName,
  sectionNames,
} from '../schemas.js';
import { createProfessionalHandlers } from './handlers.js';
import type { EmployeePosition, ProfessionalSource } from './source.js';

const now = new Date('2026-06-15T12:00:00.000Z');
const ctx = { now, cursors: createCursorCodec('0123456789abcdef0123'), requestId: 'r1' };

const media = [
  {
    title: 'Slides',
    description: 'Talk slides',
    thumbnail: { url: 'https://x/t.jpg', width: 100, height: 100, expires_at: 1 },
  },
];
const base: ProfileBase = {
  id: 'ACoAA1',
  urn: 'urn:li:member:1',
  public_identifier: 'ada-lovelace',
  first_name: 'Ada',
  last_name: 'Lovelace',
  full_name: 'Ada Lovelace',
  headline: 'Engineer',
  pronoun: 'she/her',
  is_premium: true,
  is_open_to_work: false,
  is_hiring: false,
  is_memorialized: false,
  is_influencer: false,
  is_top_voice: false,
  is_creator: true,
  birth: { day: 10, month: 12, year: 1990 },
  created: 1,
  created_date: now.toISOString(),
  location: {
    country: 'United Kingdom',
    country_code: 'GB',
    city: 'London',
    geographic_area: 'England',
    line1: '',
    line2: '',
    postal_code: 'N1',
  },
  avatar: [{ width: 100, height: 100, url: 'https://x/a.jpg', expires_at: 2 }],
  cover: [],
  associated_hashtag: ['#engineering'],
  website: { title: 'Blog', url: 'https://ada.example.org' },
  supported_locales: [{ country: 'GB', language: 'en' }],
  primary_locale: { country: 'GB', language: 'en' },
};
const sections: ProfileSections = {
  follower_and_connection: { follower_count: 10, connection_count: 5 },
  experiences: [
    {
      title: 'Engineer',
      description: 'Built things',
      location: 'London',
      employment_type: 'Full-time',
      date: { start: 'Jan 2020', end: 'Present' },
      skills: ['TypeScript'],
      company: {
        id: 'c1',
        name: 'Acme',
        url: 'https://x/c1',
        logo: [{ url: 'https://x/l.png', width: 50, height: 50, expires_at: 3 }],
      },
      media,
    },
  ],
  skills: [{ skill: 'TypeScript', num_endorsements: 4, is_passed_skill_assessment: true }],
  services: [
    {
      title: 'Consulting',
      description: 'Architecture reviews',
      category: 'Information technology',
      location: 'Remote',
    },
  ],
  certifications: [{ title: 'Cloud', authority: 'Acme', credential_url: 'https://x/c', issued_at: 'Mar 2022' }],
  publications: [
    {
      title: 'Notes',
      publication: 'Journal',
      description: 'On engines',
      date: 'Jan 2021',
      publication_url: 'https://x/p',
    },
  ],
  honors: [
    {
      title: 'Award',
      caption: 'For notes',
      issued_by: 'Society',
      issued_at: 'Feb 2022',
      associated_with: 'Acme',
      media,
    },
  ],
  volunteers: [
    {
      organization: 'Code Club',
      title: 'Mentor',
      cause: 'Education',
      duration: '2 yrs',
      description: 'Taught',
      date: { start: 'Jan 2019', end: 'Jan 2021' },
      media,
    },
  ],
  educations: [
    {
      id: 'e1',
      school: 'University',
      date: { start: '2008', end: '2012' },
      degree: 'BSc',
      grade: 'First',
      description: '',
      activities: 'Chess',
      media,
      skills: [],
    },
  ],
};

const positionOf = (e: Employee): EmployeePosition => ({
  lastKey: e.lastName.toLowerCase(),
  firstKey: e.firstName.toLowerCase(),
  id: e.id,
});
const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const compareEmployees = (a: EmployeePosition, b: EmployeePosition) =>
  text(a.lastKey, b.lastKey) || text(a.firstKey, b.firstKey) || text(a.id, b.id);

const employee = (id: string, lastName = id, firstName = 'A', title = 'Engineer'): Employee => ({
  id,
  firstName,
  lastName,
  headline: '',
  location: '',
  profileUrl: `https://x/${id}`,
  connections: 1,
  experience: [{ title, company: 'Acme', startDate: '2020-01-01', endDate: '' }],
});

/** A source that returns every section whatever it is asked (the handler must still drop unrequested ones). */
function fakeSource(employees: Employee[] = []) {
  const asked: SectionName[][] = [];
  const employeeQueries: unknown[] = [];
  const source: ProfessionalSource = {
    // histories are core's answerHistory over the store's observations (core and store tests)
    history: async () => undefined,
    async profile({ username, sections: wanted }) {
      asked.push([...wanted]);
      return username.toLowerCase() === 'ada-lovelace' ? { ...base, ...sections } : undefined;
    },
    async profiles(usernames) {
      const keys = usernames.map((u) => u.toLowerCase());
      return [
        ...(keys.includes('ada-lovelace') ? [base] : []),
        ...(keys.includes('grace') ? [{ ...base, id: 'g', public_identifier: 'Grace' }] : []),
      ];
    },
    async companyEmployees({ companyId, title, after, limit }) {
      employeeQueries.push({ companyId, ...(title ? { title } : {}), ...(after ? { after } : {}), limit });
      // in the listing's order: last name, first name (lower-cased), then id
      const all = (companyId === 'c1' ? employees : [])
        .filter((e) => !title || e.experience[0]!.title.toLowerCase().includes(title.toLowerCase()))
        .map((employee) => ({ position: positionOf(employee), employee }))
        .sort((a, b) => compareEmployees(a.position, b.position));
      const rest = all.filter((entry) => !after || compareEmployees(after, entry.position) < 0);
      return { entries: rest.slice(0, limit), total: all.length };
    },
    async companyExists(companyId) {
      return companyId === 'c1' || companyId === 'empty';
    },
  };
  return { source, asked, employeeQueries };
}

describe('professional handlers', () => {
  it('returns each section only with its flag, asks the source for exactly those, and reports the cost (all 512 combinations)', async () => {
    const { source, asked } = fakeSource();
    const handlers = createProfessionalHandlers(source);
    for (let mask = 0; mask < 1 << sectionNames.length; mask++) {
      const on = sectionNames.filter((_, bit) => (mask & (1 << bit)) !== 0);
      const params = ProfileQuery.parse({
        username: 'Ada-Lovelace',
        ...Object.fromEntries(on.map((s) => [includeFlag(s), 'true'])),
      });
      const body = await handlers.profile(params, ctx);
      expect(ProfileResponse.parse(body)).toEqual(body);
      expect(body.success).toBe(true);
      expect(body.cost).toBe(1 + on.length);
      expect(profileOperation.cost(params)).toBe(body.cost);
      for (const section of sectionNames) {
        if (on.includes(section)) expect(body.data[section]).toEqual(sections[section]);
        else expect(Object.keys(body.data)).not.toContain(section);
      }
      expect(asked.at(-1)).toEqual(on);
    }
  });

  it('404s an unknown username', async () => {
    const handlers = createProfessionalHandlers(fakeSource().source);
    await expect(handlers.profile(ProfileQuery.parse({ username: 'nobody' }), ctx)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(handlers.profile(ProfileQuery.parse({ username: 'nobody' }), ctx)).rejects.toBeInstanceOf(
      ServiceError,
    );
  });

  it('returns employees with total, 404s an unknown company, and an empty page for a known one', async () => {
    const handlers = createProfessionalHandlers(fakeSource([employee('1'), employee('2'), employee('3')]).source);
    const first = await handlers.companyEmployees({ companyId: 'c1', limit: 2 }, ctx);
    expect(first).toEqual({ employees: [employee('1'), employee('2')], total: 3, cursor: expect.any(String) });
    expect(first.cursor).not.toBe('');
    expect(await handlers.companyEmployees({ companyId: 'c1', limit: 3 }, ctx)).toEqual({
      employees: [employee('1'), employee('2'), employee('3')],
      total: 3,
      cursor: '',
    });
    expect(await handlers.companyEmployees({ companyId: 'empty', limit: 2 }, ctx)).toEqual({
      employees: [],
      total: 0,
      cursor: '',
    });
    await expect(handlers.companyEmployees({ companyId: 'nope', limit: 2 }, ctx)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  describe('companyEmployees paging by cursor', () => {
    // names that tie (same last and first name, any case), titles to filter on
    const staff = [
      employee('p7', 'Zed', 'Amy'),
      employee('p1', 'lee', 'Bo', 'Staff Engineer'),
      employee('p3', 'Lee', 'bo'),
      employee('p2', 'LEE', 'BO', 'Designer'),
      employee('p9', 'Adams', 'Cy', 'engineering lead'),
      employee('p4', 'Lee', 'Al'),
      employee('p8', 'Lee', 'Bo', 'Designer'),
      employee('p5', 'Moss', 'Di'),
    ];
    const ordered = [...staff].sort((a, b) => compareEmployees(positionOf(a), positionOf(b))).map((e) => e.id);
    type Args = Parameters<ReturnType<typeof createProfessionalHandlers>['companyEmployees']>[0];

    async function walk(
      handlers: ReturnType<typeof createProfessionalHandlers>,
      args: Omit<Args, 'limit'>,
      sizes: number[],
    ) {
      const ids: string[] = [];
      const cursors: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 50; page++) {
        const limit = sizes[Math.min(page, sizes.length - 1)]!;
        const body = await handlers.companyEmployees({ ...args, limit, ...(cursor ? { cursor } : {}) }, ctx);
        ids.push(...body.employees.map((e) => e.id));
        cursors.push(body.cursor);
        if (body.cursor === '') return { ids, cursors };
        cursor = body.cursor;
      }
      throw new Error('paging did not end');
    }

    it('walks every employee once, in order, ties on the names by id, whatever the page sizes; the last cursor is empty', async () => {
      const { source, employeeQueries } = fakeSource(staff);
      const handlers = createProfessionalHandlers(source);
      expect(ordered).toEqual(['p9', 'p4', 'p1', 'p2', 'p3', 'p8', 'p5', 'p7']);
      for (const sizes of [[1], [2], [3], [8], [1, 5, 2]]) {
        const { ids, cursors } = await walk(handlers, { companyId: 'c1' }, sizes);
        expect(ids).toEqual(ordered);
        expect(cursors.at(-1)).toBe('');
        expect(cursors.slice(0, -1).every((c) => c !== '')).toBe(true);
      }
      // one more than limit is asked for, after the last position of the page before
      employeeQueries.length = 0;
      const first = await handlers.companyEmployees({ companyId: 'c1', limit: 3 }, ctx);
      await handlers.companyEmployees({ companyId: 'c1', limit: 2, cursor: first.cursor }, ctx);
      expect(employeeQueries).toEqual([
        { companyId: 'c1', limit: 4 },
        { companyId: 'c1', after: { lastKey: 'lee', firstKey: 'bo', id: 'p1' }, limit: 3 },
      ]);
      // the title filter pages too, and its cursor binds it case-insensitively
      const designers = await walk(handlers, { companyId: 'c1', title: 'DESIGN' }, [1]);
      expect(designers.ids).toEqual(['p2', 'p8']);
      const page = await handlers.companyEmployees({ companyId: 'c1', title: 'engineer', limit: 1 }, ctx);
      const next = await handlers.companyEmployees(
        { companyId: 'c1', title: 'Engineer', limit: 5, cursor: page.cursor },
        ctx,
      );
      expect([...page.employees, ...next.employees].map((e) => e.id)).toEqual(['p9', 'p4', 'p1', 'p3', 'p5', 'p7']);
    });

    it('refuses a cursor reused on another company or title, tampered with, or of the wrong shape: invalid_cursor', async () => {
      const handlers = createProfessionalHandlers(fakeSource(staff).source);
      const { cursor } = await handlers.companyEmployees({ companyId: 'c1', limit: 2 }, ctx);
      const refused = async (args: Args) => {
        const error = await handlers.companyEmployees(args, ctx).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ServiceError);
        expect(error).toMatchObject({ code: 'invalid_cursor', status: 400 });
      };
      await refused({ companyId: 'empty', limit: 2, cursor });
      await refused({ companyId: 'c1', title: 'lead', limit: 2, cursor });
      await refused({
        companyId: 'c1',
        limit: 2,
        cursor: `${cursor.slice(0, 3)}${cursor[3] === 'A' ? 'B' : 'A'}${cursor.slice(4)}`,
      });
      await refused({ companyId: 'c1', limit: 2, cursor: 'garbage' });
      const binding = cursorBinding(companyEmployeesOperation.id, { companyId: 'c1' }, []);
      for (const position of [
        { id: 'p1' },
        { lastKey: 'a', firstKey: 'b', id: '' },
        { lastKey: 1, firstKey: 'b', id: 'p' },
      ])
        await refused({ companyId: 'c1', limit: 2, cursor: ctx.cursors.encode(position, binding) });
      // (control) a well-formed position under the same binding is accepted
      const accepted = await handlers.companyEmployees(
        {
          companyId: 'c1',
          limit: 2,
          cursor: ctx.cursors.encode({ lastKey: 'lee', firstKey: 'bo', id: 'p3' }, binding),
        },
        ctx,
      );
      expect(accepted.employees.map((e) => e.id)).toEqual(['p8', 'p5']);
    });
  });

  it('profilesByIds: base profiles in request order, case variants once, notFound in order, cost per distinct username', async () => {
    const handlers = createProfessionalHandlers(fakeSource().source);
    const params = profilesByIds.params.query.parse({ ids: 'grace,nobody,ADA-LOVELACE,Ada-Lovelace,other,GRACE' });
    const body = ProfilesByIdsResponse.parse(await handlers.profilesByIds(params, ctx));
    expect(body.data.profiles.map((p) => p.id)).toEqual(['g', base.id]);
    expect(body.data.profiles[1]).toEqual(base);
    expect(body.data.notFound).toEqual(['nobody', 'other']);
    expect(body.cost).toBe(4);
    expect(profilesByIds.cost(params)).toBe(4);
  });
});
