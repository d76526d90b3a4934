/** The professional platform's tables (column conventions: packages/store/src/schema.ts). */

/**
 * A professional-network member. Booleans are 0/1; `avatar`, `cover`, `associated_hashtag` and
 * `supported_locales` are JSON arrays; each optional section (`experiences` … `educations`) is the
 * section's JSON array, read only when asked for. `username_key` is the lower-cased public identifier.
 */
export interface ProfessionalProfilesTable {
  id: string;
  username_key: string;
  public_identifier: string;
  urn: string;
  first_name: string;
  last_name: string;
  full_name: string;
  headline: string;
  pronoun: string;
  is_premium: number;
  is_open_to_work: number;
  is_hiring: number;
  is_memorialized: number;
  is_influencer: number;
  is_top_voice: number;
  is_creator: number;
  birth_day: number;
  birth_month: number;
  birth_year: number;
  created: number;
  country: string;
  country_code: string;
  city: string;
  geographic_area: string;
  line1: string;
  line2: string;
  postal_code: string;
  avatar: string;
  cover: string;
  associated_hashtag: string;
  website_title: string;
  website_url: string;
  supported_locales: string;
  primary_country: string;
  primary_language: string;
  follower_count: number;
  connection_count: number;
  experiences: string;
  skills: string;
  services: string;
  certifications: string;
  publications: string;
  honors: string;
  volunteers: string;
  educations: string;
  /**
   * The export's columns no field holds, as a JSON object keyed by file, then by the CSV's header
   * names; '' when no export was recorded (the demo's profiles: migration 0027).
   */
  extra: string;
}

/** A company; `logo` is a JSON array of images with `expires_at`. */
export interface ProfessionalCompaniesTable {
  id: string;
  name: string;
  url: string;
  logo: string;
}

/**
 * A member's position at a company. Dates are `YYYY-MM-DD` text; `end_date` is NULL and
 * `is_current` 1 for a current position. `title_key` is the lower-cased title; `last_key` and
 * `first_key` the member's lower-cased names (the employees listing's order).
 */
export interface ProfessionalPositionsTable {
  id: string;
  profile_id: string;
  company_id: string;
  title: string;
  title_key: string;
  start_date: string;
  end_date: string | null;
  is_current: number;
  last_key: string;
  first_key: string;
}

/** The professional tables, by name: part of the store's `Database`. */
export interface ProfessionalTables {
  professional_profiles: ProfessionalProfilesTable;
  professional_companies: ProfessionalCompaniesTable;
  professional_positions: ProfessionalPositionsTable;
}
