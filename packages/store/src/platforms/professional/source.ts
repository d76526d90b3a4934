import type { Employee, ProfileBase, SectionName } from '@socialquery/professional';
import type { ProfessionalSource, ReadOptions, StoredProfile } from '@socialquery/professional/server';
import { type Kysely, type Selectable, sql } from 'kysely';
import { historyReader } from '../../rows/observations.js';
import { professionalObserved } from './observed.js';
import { recordedJson } from '../../rows/recorded-json.js';
import type { Database, ProfessionalProfilesTable } from '../../schema.js';
import { nameKey } from '../forum/names.js';

const BASE_COLUMNS = [
  'id',
  'urn',
  'public_identifier',
  'first_name',
  'last_name',
  'full_name',
  'headline',
  'pronoun',
  'is_premium',
  'is_open_to_work',
  'is_hiring',
  'is_memorialized',
  'is_influencer',
  'is_top_voice',
  'is_creator',
  'birth_day',
  'birth_month',
  'birth_year',
  'created',
  'country',
  'country_code',
  'city',
  'geographic_area',
  'line1',
  'line2',
  'postal_code',
  'avatar',
  'cover',
  'associated_hashtag',
  'website_title',
  'website_url',
  'supported_locales',
  'primary_country',
  'primary_language',
] as const;

/** The JSON text column each array section lives in (follower_and_connection comes from two count columns). */
const JSON_SECTIONS = [
  'experiences',
  'skills',
  'services',
  'certifications',
  'publications',
  'honors',
  'volunteers',
  'educations',
] as const;

type BaseRow = Pick<Selectable<ProfessionalProfilesTable>, (typeof BASE_COLUMNS)[number]>;

/** The columns a read selects: `extra` only when it asks for it (ReadOptions). */
const extraColumn = (options?: ReadOptions) => (options?.extra === true ? (['extra'] as const) : []);

/** The record with the export's other columns last, where they were read and recorded. */
function withExtra<T extends object>(record: T, row: object): T & { extra?: Record<string, unknown> } {
  const extra = recordedJson<Record<string, unknown>>(Reflect.get(row, 'extra') as string | undefined);
  return extra ? { ...record, extra } : record;
}

/** `%` and `_` are literal in a title filter: LIKE patterns escape them (and the escape character) with `\`. */
export const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * ProfessionalSource over SQL. A profile is one row: the requested sections' JSON columns are
 * the only ones read besides the base fields. The employees listing is one range of the
 * `professional_positions_company` index (company, current, last name, first name, member id),
 * counted over the same range; a next page is the rest of that range after the last employee's
 * (last name, first name, member id) position (keyset); the page's experience comes in one more query.
 */
/** A profile's counts' API names by column. */
export function createSqlProfessionalSource(db: Kysely<Database>): ProfessionalSource {
  return {
    history: historyReader(db, professionalObserved),
    async profile({ username, sections }, options) {
      const json = JSON_SECTIONS.filter((section) => sections.includes(section));
      const counts = sections.includes('follower_and_connection');
      const row = await db
        .selectFrom('professional_profiles')
        .select([
          ...BASE_COLUMNS,
          ...json,
          ...(counts ? (['follower_count', 'connection_count'] as const) : []),
          ...extraColumn(options),
        ])
        .where('username_key', '=', nameKey(username))
        .executeTakeFirst();
      if (!row) return undefined;
      const profile: StoredProfile = toProfileBase(row);
      // the selected columns vary with the sections asked for: read by name
      for (const section of json)
        (profile as Record<SectionName, unknown>)[section] = JSON.parse(String(Reflect.get(row, section)));
      if (counts) {
        profile.follower_and_connection = {
          follower_count: Number(Reflect.get(row, 'follower_count')),
          connection_count: Number(Reflect.get(row, 'connection_count')),
        };
      }
      return withExtra(profile, row);
    },

    async profiles(usernames, options) {
      if (usernames.length === 0) return [];
      const rows = await db
        .selectFrom('professional_profiles')
        .select([...BASE_COLUMNS, ...extraColumn(options)])
        .where('username_key', 'in', usernames.map(nameKey))
        .execute();
      return rows.map((row) => withExtra(toProfileBase(row), row));
    },

    async companyEmployees({ companyId, title, after, limit }, options) {
      let matches = db
        .selectFrom('professional_positions as pos')
        .where('pos.company_id', '=', companyId)
        .where('pos.is_current', '=', 1);
      if (title)
        matches = matches.where(
          sql<boolean>`${sql.ref('pos.title_key')} like ${likeContaining(title.toLowerCase())} escape '\\'`,
        );
      const { n } = await matches.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      let listed = matches;
      if (after !== undefined) {
        // the keyset: strictly after the last employee of the page before, in the index's order
        listed = listed.where(
          sql<boolean>`(${sql.ref('pos.last_key')}, ${sql.ref('pos.first_key')}, ${sql.ref('pos.profile_id')}) > (${after.lastKey}, ${after.firstKey}, ${after.id})`,
        );
      }
      const page = await listed
        .innerJoin('professional_profiles as p', 'p.id', 'pos.profile_id')
        .select([
          'pos.last_key',
          'pos.first_key',
          'p.id',
          'p.first_name',
          'p.last_name',
          'p.headline',
          'p.city',
          'p.geographic_area',
          'p.country',
          'p.public_identifier',
          'p.connection_count',
        ])
        .$if(options?.extra === true, (query) => query.select('p.extra'))
        .orderBy('pos.last_key')
        .orderBy('pos.first_key')
        .orderBy('pos.profile_id')
        .limit(limit)
        .execute();
      const experience = new Map<string, Employee['experience']>();
      if (page.length > 0) {
        const positions = await db
          .selectFrom('professional_positions as pos')
          .innerJoin('professional_companies as c', 'c.id', 'pos.company_id')
          .select(['pos.profile_id', 'pos.title', 'c.name', 'pos.start_date', 'pos.end_date'])
          .where(
            'pos.profile_id',
            'in',
            page.map((row) => row.id),
          )
          .orderBy('pos.profile_id')
          .orderBy('pos.start_date', 'desc')
          .orderBy('pos.id', 'desc')
          .execute();
        for (const p of positions) {
          const list = experience.get(p.profile_id) ?? [];
          list.push({ title: p.title, company: p.name, startDate: p.start_date, endDate: p.end_date ?? '' });
          experience.set(p.profile_id, list);
        }
      }
      const entries = page.map((row) => ({
        position: { lastKey: row.last_key, firstKey: row.first_key, id: row.id },
        employee: withExtra(
          {
            id: row.id,
            firstName: row.first_name,
            lastName: row.last_name,
            headline: row.headline,
            location: [row.city, row.geographic_area, row.country].filter((part) => part !== '').join(', '),
            profileUrl: profileUrl(row.public_identifier),
            connections: Number(row.connection_count),
            experience: experience.get(row.id) ?? [],
          } satisfies Employee,
          row,
        ),
      }));
      return { entries, total: Number(n) };
    },

    async companyExists(companyId) {
      return (
        (await db.selectFrom('professional_companies').select('id').where('id', '=', companyId).executeTakeFirst()) !==
        undefined
      );
    },
  };
}

/** A member's public profile address. */
export const profileUrl = (publicIdentifier: string) =>
  `https://professional.example.org/in/${encodeURIComponent(publicIdentifier)}`;

function toProfileBase(row: BaseRow): ProfileBase {
  const created = Number(row.created);
  return {
    id: row.id,
    urn: row.urn,
    public_identifier: row.public_identifier,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: row.full_name,
    headline: row.headline,
    pronoun: row.pronoun,
    is_premium: Number(row.is_premium) === 1,
    is_open_to_work: Number(row.is_open_to_work) === 1,
    is_hiring: Number(row.is_hiring) === 1,
    is_memorialized: Number(row.is_memorialized) === 1,
    is_influencer: Number(row.is_influencer) === 1,
    is_top_voice: Number(row.is_top_voice) === 1,
    is_creator: Number(row.is_creator) === 1,
    birth: { day: Number(row.birth_day), month: Number(row.birth_month), year: Number(row.birth_year) },
    created,
    created_date: new Date(created).toISOString(),
    location: {
      country: row.country,
      country_code: row.country_code,
      city: row.city,
      geographic_area: row.geographic_area,
      line1: row.line1,
      line2: row.line2,
      postal_code: row.postal_code,
    },
    avatar: parseJson(row.avatar),
    cover: parseJson(row.cover),
    associated_hashtag: parseJson(row.associated_hashtag),
    website: { title: row.website_title, url: row.website_url },
    supported_locales: parseJson(row.supported_locales),
    primary_locale: { country: row.primary_country, language: row.primary_language },
  };
}

/** A JSON column as the record field it holds (written from that field's own value). */
function parseJson<T>(text: string): T {
  return JSON.parse(text) as T;
}
