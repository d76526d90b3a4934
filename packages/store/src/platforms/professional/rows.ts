import type { ImageWithExpiry, ProfileBase, ProfileSections } from '@socialquery/professional';
import { type RowWriter, writeRows } from '../../rows/write-rows.js';
import { PROFESSIONAL_COLUMNS } from './columns.js';
import type {
  ProfessionalCompaniesTable,
  ProfessionalPositionsTable,
  ProfessionalProfilesTable,
} from '../../schema.js';
import { nameKey } from '../forum/names.js';

/** A member profile as loaders hand it over: every base field and every section. */
export type ProfessionalProfileInput = ProfileBase & ProfileSections;

export interface ProfessionalCompanyInput {
  id: string;
  name: string;
  url: string;
  logo: ImageWithExpiry[];
}

/** A position: dates `YYYY-MM-DD`, `endDate` null while current. The member's names order the employees listing. */
export interface ProfessionalPositionInput {
  id: string;
  profileId: string;
  companyId: string;
  title: string;
  startDate: string;
  endDate: string | null;
  firstName: string;
  lastName: string;
}

const bit = (value: boolean) => (value ? 1 : 0);

export function toProfessionalProfileRow(p: ProfessionalProfileInput): ProfessionalProfilesTable {
  return {
    id: p.id,
    username_key: nameKey(p.public_identifier),
    public_identifier: p.public_identifier,
    urn: p.urn,
    first_name: p.first_name,
    last_name: p.last_name,
    full_name: p.full_name,
    headline: p.headline,
    pronoun: p.pronoun,
    is_premium: bit(p.is_premium),
    is_open_to_work: bit(p.is_open_to_work),
    is_hiring: bit(p.is_hiring),
    is_memorialized: bit(p.is_memorialized),
    is_influencer: bit(p.is_influencer),
    is_top_voice: bit(p.is_top_voice),
    is_creator: bit(p.is_creator),
    birth_day: p.birth.day,
    birth_month: p.birth.month,
    birth_year: p.birth.year,
    created: p.created,
    country: p.location.country,
    country_code: p.location.country_code,
    city: p.location.city,
    geographic_area: p.location.geographic_area,
    line1: p.location.line1,
    line2: p.location.line2,
    postal_code: p.location.postal_code,
    avatar: JSON.stringify(p.avatar),
    cover: JSON.stringify(p.cover),
    associated_hashtag: JSON.stringify(p.associated_hashtag),
    website_title: p.website.title,
    website_url: p.website.url,
    supported_locales: JSON.stringify(p.supported_locales),
    primary_country: p.primary_locale.country,
    primary_language: p.primary_locale.language,
    follower_count: p.follower_and_connection.follower_count,
    connection_count: p.follower_and_connection.connection_count,
    experiences: JSON.stringify(p.experiences),
    skills: JSON.stringify(p.skills),
    services: JSON.stringify(p.services),
    certifications: JSON.stringify(p.certifications),
    publications: JSON.stringify(p.publications),
    honors: JSON.stringify(p.honors),
    volunteers: JSON.stringify(p.volunteers),
    educations: JSON.stringify(p.educations),
    extra: '', // no export recorded (the importer sets its own)
  };
}

export function toProfessionalCompanyRow(c: ProfessionalCompanyInput): ProfessionalCompaniesTable {
  return { id: c.id, name: c.name, url: c.url, logo: JSON.stringify(c.logo) };
}

export function toProfessionalPositionRow(p: ProfessionalPositionInput): ProfessionalPositionsTable {
  return {
    id: p.id,
    profile_id: p.profileId,
    company_id: p.companyId,
    title: p.title,
    title_key: p.title.toLowerCase(),
    start_date: p.startDate,
    end_date: p.endDate,
    is_current: p.endDate === null ? 1 : 0,
    last_key: p.lastName.toLowerCase(),
    first_key: p.firstName.toLowerCase(),
  };
}

/** Inserts or updates profiles by id (loading the same data twice never duplicates it); returns the rows written. */
export const upsertProfessionalProfileRows = (db: RowWriter, rows: readonly ProfessionalProfilesTable[]) =>
  writeRows(db, 'professional_profiles', rows, { columns: PROFESSIONAL_COLUMNS.professional_profiles });
/** Inserts or updates companies by id. */
export const upsertProfessionalCompanyRows = (db: RowWriter, rows: readonly ProfessionalCompaniesTable[]) =>
  writeRows(db, 'professional_companies', rows, { columns: PROFESSIONAL_COLUMNS.professional_companies });
/** Inserts or updates positions by id. */
export const upsertProfessionalPositionRows = (db: RowWriter, rows: readonly ProfessionalPositionsTable[]) =>
  writeRows(db, 'professional_positions', rows, { columns: PROFESSIONAL_COLUMNS.professional_positions });
