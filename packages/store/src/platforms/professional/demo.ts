/**
 * Deterministic professional-network demo data: 50 companies and 2,000 members per unit of
 * scale, every member with every section filled, 1–4 positions each (a current one for ≈90%),
 * current employers skewed so that the largest companies have hundreds of current employees.
 * Everything is derived from the member's index with its own seeded generator, so profiles and
 * positions are separate lazy streams over the same members; only dates depend on `now`
 * (positions are laid out backwards from it; image addresses expire 60 days after it).
 */
import type { ImageWithExpiry } from '@socialquery/professional';
import type { ProfessionalCompanyInput, ProfessionalPositionInput, ProfessionalProfileInput } from './rows.js';
import { createRandom, mix, type Random } from '../../demo/random.js';
import {
  COMPANY_PREFIXES,
  COMPANY_SUFFIXES,
  EMPLOYMENT_TYPES,
  FIRST_NAMES,
  HONORS,
  LAST_NAMES,
  PLACES,
  PRONOUNS,
  PUBLISHERS,
  SCHOOLS,
  TRACKS,
  VOLUNTEERING,
} from './demo-text.js';

export interface ProfessionalDemoOptions {
  now: Date;
  scale: number;
}

export const PROFESSIONAL_COMPANIES = 50;
export const PROFESSIONAL_MEMBERS_PER_SCALE = 2_000;
/** Current employers are drawn with skewedIndex(50, this): company 0 gets ≈20% of the members. */
const EMPLOYER_SKEW = 2.5;
const DAY = 86_400_000;
const MEMBER_SEED = 0x9f0f_e551;
const MEDIA = 'https://media.professional.example.org';
const SITE = 'https://professional.example.org';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

function checkScale(scale: number) {
  if (!Number.isSafeInteger(scale) || scale < 1) throw new RangeError(`scale must be a positive integer, got ${scale}`);
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const expiry = (now: Date) => Math.floor((now.getTime() + 60 * DAY) / 1000) * 1000;
const images = (path: string, sizes: readonly [number, number][], now: Date): ImageWithExpiry[] =>
  sizes.map(([width, height]) => ({
    width,
    height,
    url: `${MEDIA}/${path}/${width}x${height}.jpg`,
    expires_at: expiry(now),
  }));

export function professionalCompanyId(index: number): string {
  return String(10_000_001 + index * 37);
}

function companyName(index: number): string {
  return `${COMPANY_PREFIXES[index % COMPANY_PREFIXES.length]} ${COMPANY_SUFFIXES[(index * 3 + Math.floor(index / COMPANY_PREFIXES.length)) % COMPANY_SUFFIXES.length]}`;
}

function company(index: number, now: Date): ProfessionalCompanyInput {
  const name = companyName(index);
  return {
    id: professionalCompanyId(index),
    name,
    url: `${SITE}/company/${slug(name)}`,
    logo: images(
      `company/${professionalCompanyId(index)}/logo`,
      [
        [100, 100],
        [200, 200],
        [400, 400],
      ],
      now,
    ),
  };
}

export function* professionalDemoCompanies({ now }: ProfessionalDemoOptions): Generator<ProfessionalCompanyInput> {
  for (let i = 0; i < PROFESSIONAL_COMPANIES; i++) yield company(i, now);
}

export function professionalDemoSize(scale: number): number {
  checkScale(scale);
  let positions = 0;
  for (let i = 0; i < scale * PROFESSIONAL_MEMBERS_PER_SCALE; i++)
    positions += planPositions(createRandom(mix(MEMBER_SEED, i))).length;
  return PROFESSIONAL_COMPANIES + scale * PROFESSIONAL_MEMBERS_PER_SCALE + positions;
}

interface PlannedPosition {
  company: number;
  level: number;
  /** Days before now. */
  startAgo: number;
  /** Days before now; null while current. */
  endAgo: number | null;
}

/** A member's career: drawn first from the member's generator, so both streams agree. */
function planPositions(rng: Random): PlannedPosition[] {
  const count = rng.int(1, 4);
  const current = rng.chance(0.9);
  let endAgo = current ? 0 : rng.int(30, 400);
  const planned: PlannedPosition[] = [];
  for (let k = 0; k < count; k++) {
    const length = rng.int(200, 1600);
    const startAgo = endAgo + length;
    const company =
      k === 0 && current
        ? rng.skewedIndex(PROFESSIONAL_COMPANIES, EMPLOYER_SKEW)
        : rng.int(0, PROFESSIONAL_COMPANIES - 1);
    planned.push({ company, level: 0, startAgo, endAgo: k === 0 && current ? null : endAgo });
    endAgo = startAgo + rng.int(0, 90);
  }
  // seniority grows over the career: the newest position is the most senior
  planned.forEach((p, k) => (p.level = Math.max(0, Math.min(4, count - 1 - k + rng.int(0, 1)))));
  return planned;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const monthText = (ms: number) => {
  const d = new Date(ms);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};

interface Member {
  profile: ProfessionalProfileInput;
  positions: ProfessionalPositionInput[];
}

function pickSome<T>(rng: Random, items: readonly T[], min: number, max: number): T[] {
  const pool = [...items];
  const n = Math.min(pool.length, rng.int(min, max));
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(pool.splice(rng.int(0, pool.length - 1), 1)[0] as T);
  return out;
}

function member(index: number, now: Date): Member {
  const rng = createRandom(mix(MEMBER_SEED, index));
  const planned = planPositions(rng);
  const nowMs = Math.floor(now.getTime() / DAY) * DAY;
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const track = rng.pick(TRACKS);
  const place = rng.pick(PLACES);
  const id = `ACoAA${(index + 1).toString(36).toUpperCase().padStart(7, '0')}`;
  const publicId = `${first}-${last}-${(index + 46_656).toString(36)}`.toLowerCase();
  const titleOf = (p: PlannedPosition) => track.titles[p.level]!;
  const positions = planned.map((p, k): ProfessionalPositionInput => ({
    id: `${id}-${k}`,
    profileId: id,
    companyId: professionalCompanyId(p.company),
    title: titleOf(p),
    startDate: isoDate(nowMs - p.startAgo * DAY),
    endDate: p.endAgo === null ? null : isoDate(nowMs - p.endAgo * DAY),
    firstName: first,
    lastName: last,
  }));
  const newest = planned[0]!;
  const currentCompany = newest.endAgo === null ? companyName(newest.company) : undefined;
  const media = (what: string, n: number) =>
    rng.chance(0.5)
      ? [
          {
            title: what,
            description: `${what} by ${first} ${last}`,
            thumbnail: { ...images(`media/${id}/${n}`, [[320, 180]], now)[0]! },
          },
        ]
      : [];
  const connections = Math.min(30_000, Math.round(rng.logNormal(5.5, 1)));
  const skills = pickSome(rng, track.skills, 4, 8);
  const years = (ms: number) => new Date(ms).getUTCFullYear();
  const graduation = nowMs - ((planned.at(-1)?.startAgo ?? 365) + rng.int(30, 200)) * DAY;
  const schools = pickSome(rng, SCHOOLS, 1, 2);
  const profile: ProfessionalProfileInput = {
    id,
    urn: `urn:li:fsd_profile:${id}`,
    public_identifier: publicId,
    first_name: first,
    last_name: last,
    full_name: `${first} ${last}`,
    headline: currentCompany
      ? `${titleOf(newest)} at ${currentCompany}`
      : `${titleOf(newest)} | Open to new opportunities`,
    pronoun: rng.pick(PRONOUNS),
    is_premium: rng.chance(0.25),
    is_open_to_work: !currentCompany || rng.chance(0.05),
    is_hiring: newest.level >= 3 && rng.chance(0.4),
    is_memorialized: rng.chance(0.002),
    is_influencer: connections > 2000 && rng.chance(0.3),
    is_top_voice: rng.chance(0.02),
    is_creator: rng.chance(0.1),
    birth: { day: rng.int(1, 28), month: rng.int(1, 12), year: years(graduation) - rng.int(21, 24) },
    created: nowMs - rng.int(30, 3650) * DAY + rng.int(0, DAY - 1),
    created_date: '',
    location: {
      country: place.country,
      country_code: place.code,
      city: place.city,
      geographic_area: place.area,
      line1: '',
      line2: '',
      postal_code: place.postal,
    },
    avatar: images(
      `avatar/${id}`,
      [
        [100, 100],
        [200, 200],
        [400, 400],
        [800, 800],
      ],
      now,
    ),
    cover: images(
      `cover/${id}`,
      [
        [800, 200],
        [1584, 396],
      ],
      now,
    ),
    associated_hashtag: pickSome(rng, track.hashtags, 0, 3),
    website: { title: 'Portfolio', url: `https://${first.toLowerCase()}${last.toLowerCase()}.example.com` },
    supported_locales: [
      { country: place.code, language: place.language },
      ...(place.language !== 'en' && rng.chance(0.5) ? [{ country: 'US', language: 'en' }] : []),
    ],
    primary_locale: { country: place.code, language: place.language },
    follower_and_connection: {
      follower_count: connections + Math.round(rng.logNormal(4, 1.5)),
      connection_count: connections,
    },
    experiences: planned.map((p, k) => {
      const c = company(p.company, now);
      return {
        title: titleOf(p),
        description: `${rng.pick(track.duties)}. ${rng.pick(track.duties)}.`,
        location: rng.chance(0.2) ? 'Remote' : `${place.city}, ${place.country}`,
        employment_type: rng.pick(EMPLOYMENT_TYPES),
        date: {
          start: monthText(nowMs - p.startAgo * DAY),
          end: p.endAgo === null ? 'Present' : monthText(nowMs - p.endAgo * DAY),
        },
        skills: pickSome(rng, skills, 1, 3),
        company: {
          id: c.id,
          name: c.name,
          url: c.url,
          logo: c.logo.map(({ url, width, height, expires_at }) => ({ url, width, height, expires_at })),
        },
        media: media(`Project highlights ${k + 1}`, k),
      };
    }),
    skills: skills.map((skill) => ({
      skill,
      num_endorsements: Math.round(rng.logNormal(2, 1.2)),
      is_passed_skill_assessment: rng.chance(0.2),
    })),
    services: pickSome(rng, track.services, 1, 3).map((s) => ({
      ...s,
      location: rng.chance(0.6) ? 'Remote' : place.city,
    })),
    certifications: pickSome(rng, track.certifications, 1, 3).map((c) => ({
      title: c.title,
      authority: c.authority,
      credential_url: `https://credentials.example.org/${slug(c.authority)}/${id.toLowerCase()}-${slug(c.title).slice(0, 24)}`,
      issued_at: monthText(nowMs - rng.int(30, 2000) * DAY),
    })),
    publications: pickSome(rng, track.topics, 1, 2).map((title) => {
      const publication = rng.pick(PUBLISHERS);
      return {
        title,
        publication,
        description: `An article on ${title.toLowerCase()}.`,
        date: monthText(nowMs - rng.int(30, 2500) * DAY),
        publication_url: `https://${slug(publication)}.example.org/${slug(title)}`,
      };
    }),
    honors: pickSome(rng, HONORS, 1, 2).map((h, k) => ({
      title: h.title,
      caption: h.caption,
      issued_by: companyName(planned[k % planned.length]!.company),
      issued_at: monthText(nowMs - rng.int(60, 2500) * DAY),
      associated_with: companyName(planned[k % planned.length]!.company),
      media: media(h.title, 10 + k),
    })),
    volunteers: pickSome(rng, VOLUNTEERING, 1, 2).map((v, k) => {
      const start = nowMs - rng.int(400, 3000) * DAY;
      const months = rng.int(3, 36);
      const end = start + months * 30 * DAY;
      return {
        ...v,
        duration: months >= 12 ? `${Math.floor(months / 12)} yr ${months % 12} mos` : `${months} mos`,
        date: { start: monthText(start), end: end >= nowMs ? 'Present' : monthText(end) },
        media: media(`${v.organization} volunteering`, 20 + k),
      };
    }),
    educations: schools.map((school, k) => ({
      id: `${id}-edu-${k}`,
      school,
      date: { start: String(years(graduation) - 4 - 2 * k), end: String(years(graduation) - 2 * k) },
      degree: rng.pick(track.degrees),
      grade: rng.pick(['First Class Honours', '3.8 GPA', 'Distinction', 'Magna Cum Laude', '']),
      description: `Coursework in ${pickSome(rng, track.skills, 2, 3).join(', ')}.`,
      activities: rng.pick([
        'Debate society',
        'Student newspaper',
        'Rowing club',
        'Robotics team',
        'Entrepreneurship society',
      ]),
      media: media(`Thesis ${k + 1}`, 30 + k),
      skills: pickSome(rng, track.skills, 1, 3),
    })),
  };
  profile.created_date = new Date(profile.created).toISOString();
  return { profile, positions };
}

export function* professionalDemoProfiles({
  now,
  scale,
}: ProfessionalDemoOptions): Generator<ProfessionalProfileInput> {
  checkScale(scale);
  for (let i = 0; i < scale * PROFESSIONAL_MEMBERS_PER_SCALE; i++) yield member(i, now).profile;
}

export function* professionalDemoPositions({
  now,
  scale,
}: ProfessionalDemoOptions): Generator<ProfessionalPositionInput> {
  checkScale(scale);
  for (let i = 0; i < scale * PROFESSIONAL_MEMBERS_PER_SCALE; i++) yield* member(i, now).positions;
}
