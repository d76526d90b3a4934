import { createCursorCodec, ServiceError } from '@socialquery/core/server';
import { profile as profileOperation, profilesByIds } from '../contract.js';
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
import type { ProfessionalSource } from './source.js';

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

/** A source that returns every section whatever it is asked (the handler must still drop unrequested ones). */
function fakeSource(employees: Employee[] = []) {
  const asked: SectionName[][] = [];
  const source: ProfessionalSource = {
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
    async companyEmployees({ companyId, limit }) {
      const all = companyId === 'c1' ? employees : [];
      return { employees: all.slice(0, limit), total: all.length };
    },
    async companyExists(companyId) {
      return companyId === 'c1' || companyId === 'empty';
    },
  };
  return { source, asked };
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
    const employee = (id: string): Employee => ({
      id,
      firstName: 'A',
      lastName: id,
      headline: '',
      location: '',
      profileUrl: `https://x/${id}`,
      connections: 1,
      experience: [{ title: 'Engineer', company: 'Acme', startDate: '2020-01-01', endDate: '' }],
    });
    const handlers = createProfessionalHandlers(fakeSource([employee('1'), employee('2'), employee('3')]).source);
    expect(await handlers.companyEmployees({ companyId: 'c1', limit: 2 }, ctx)).toEqual({
      employees: [employee('1'), employee('2')],
      total: 3,
    });
    expect(await handlers.companyEmployees({ companyId: 'empty', limit: 2 }, ctx)).toEqual({ employees: [], total: 0 });
    await expect(handlers.companyEmployees({ companyId: 'nope', limit: 2 }, ctx)).rejects.toMatchObject({
      code: 'not_found',
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
