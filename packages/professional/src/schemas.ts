import {
  booleanParam,
  extraField,
  idsParam,
  Image,
  integerParam,
  optionalString,
  requiredString,
  Timestamp,
} from '@socialquery/core';
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Profile ("Professional network resources"): field names are snake_case as the profile API spells them
// ---------------------------------------------------------------------------------------------

/** An image with the moment its address stops working (epoch milliseconds). */
export const ExpiringImage = z.object({
  width: z.number(),
  height: z.number(),
  url: z.string(),
  expires_at: z.number(),
});
export type ExpiringImage = z.infer<typeof ExpiringImage>;

/** An Image plus `expires_at` (the company logo and media thumbnails). */
export const ImageWithExpiry = Image.extend({ expires_at: z.number() });
export type ImageWithExpiry = z.infer<typeof ImageWithExpiry>;

/** A start/end pair of dates as text, e.g. { start: 'Mar 2021', end: 'Present' }. */
export const DateRange = z.object({ start: z.string(), end: z.string() });

export const SectionMedia = z.object({ title: z.string(), description: z.string(), thumbnail: ImageWithExpiry });

export const Locale = z.object({ country: z.string(), language: z.string() });

export const FollowerAndConnection = z.object({ follower_count: z.number().int(), connection_count: z.number().int() });

export const Experience = z.object({
  title: z.string(),
  description: z.string(),
  location: z.string(),
  employment_type: z.string(),
  date: DateRange,
  skills: z.array(z.string()),
  company: z.object({ id: z.string(), name: z.string(), url: z.string(), logo: z.array(ImageWithExpiry) }),
  media: z.array(SectionMedia),
});

export const Skill = z.object({
  skill: z.string(),
  num_endorsements: z.number().int(),
  is_passed_skill_assessment: z.boolean(),
});

/**
 * A service the member offers. The API reference does not show this section's shape; it is designed like
 * its siblings (flat strings): `title` (the service, e.g. "Cloud architecture"), `description`,
 * `category` (e.g. "Information technology"), `location` (where it is offered, or "Remote").
 */
export const Service = z.object({
  title: z.string(),
  description: z.string(),
  category: z.string(),
  location: z.string(),
});

export const Certification = z.object({
  title: z.string(),
  authority: z.string(),
  credential_url: z.string(),
  issued_at: z.string(),
});

export const Publication = z.object({
  title: z.string(),
  publication: z.string(),
  description: z.string(),
  date: z.string(),
  publication_url: z.string(),
});

export const Education = z.object({
  id: z.string(),
  school: z.string(),
  date: DateRange,
  degree: z.string(),
  grade: z.string(),
  description: z.string(),
  activities: z.string(),
  media: z.array(SectionMedia),
  skills: z.array(z.string()),
});

export const Honor = z.object({
  title: z.string(),
  caption: z.string(),
  issued_by: z.string(),
  issued_at: z.string(),
  associated_with: z.string(),
  media: z.array(SectionMedia),
});

export const Volunteer = z.object({
  organization: z.string(),
  title: z.string(),
  cause: z.string(),
  duration: z.string(),
  description: z.string(),
  date: DateRange,
  media: z.array(SectionMedia),
});

/** Listed among the profile's sections; no include flag names it, so the service never returns it. */
export const SpokenLanguage = z.object({ language: z.string(), caption: z.string() });

export const ProfileBase = z.object({
  id: z.string(),
  urn: z.string(),
  public_identifier: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  headline: z.string(),
  pronoun: z.string(),
  is_premium: z.boolean(),
  is_open_to_work: z.boolean(),
  is_hiring: z.boolean(),
  is_memorialized: z.boolean(),
  is_influencer: z.boolean(),
  is_top_voice: z.boolean(),
  is_creator: z.boolean(),
  birth: z.object({ day: z.number().int(), month: z.number().int(), year: z.number().int() }),
  created: z.number().int(),
  created_date: Timestamp,
  location: z.object({
    country: z.string(),
    country_code: z.string(),
    city: z.string(),
    geographic_area: z.string(),
    line1: z.string(),
    line2: z.string(),
    postal_code: z.string(),
  }),
  avatar: z.array(ExpiringImage),
  cover: z.array(ExpiringImage),
  associated_hashtag: z.array(z.string()),
  website: z.object({ title: z.string(), url: z.string() }),
  supported_locales: z.array(Locale),
  primary_locale: Locale,
  extra: extraField.describe(
    "The export's columns no field holds, keyed by file (`Profile.csv`, `Certifications.csv`, …) and then by the " +
      "CSV's own header names (a section file's as one object per row of the section); only when `fields` names `extra`.",
  ),
});
export type ProfileBase = z.infer<typeof ProfileBase>;

/** Every optional section, keyed as in the response. */
export const ProfileSections = z.object({
  follower_and_connection: FollowerAndConnection,
  experiences: z.array(Experience),
  skills: z.array(Skill),
  services: z.array(Service),
  certifications: z.array(Certification),
  publications: z.array(Publication),
  honors: z.array(Honor),
  volunteers: z.array(Volunteer),
  educations: z.array(Education),
});
export type ProfileSections = z.infer<typeof ProfileSections>;
export type SectionName = keyof ProfileSections;

/** The sections in the order of their include flags. */
export const sectionNames = [
  'follower_and_connection',
  'experiences',
  'skills',
  'services',
  'certifications',
  'publications',
  'honors',
  'volunteers',
  'educations',
] as const satisfies readonly SectionName[];

/** The include flag of a section: `include_<section>`. */
export type IncludeFlag = `include_${SectionName}`;
export const includeFlag = (section: SectionName): IncludeFlag => `include_${section}`;

/** A profile: the base fields, and each section only when its include flag was true. */
export const Profile = ProfileBase.extend(ProfileSections.partial().shape);
export type Profile = z.infer<typeof Profile>;

export const ProfileResponse = z.object({ success: z.literal(true), cost: z.number().int(), data: Profile });
export type ProfileResponse = z.infer<typeof ProfileResponse>;

export const ProfileQuery = z.object({
  username: requiredString(100).describe('The public identifier (case-insensitive).'),
  include_follower_and_connection: booleanParam(false),
  include_experiences: booleanParam(false),
  include_skills: booleanParam(false),
  include_services: booleanParam(false),
  include_certifications: booleanParam(false),
  include_publications: booleanParam(false),
  include_honors: booleanParam(false),
  include_volunteers: booleanParam(false),
  include_educations: booleanParam(false),
});

/** 1 + the number of true include flags (what the request costs the caller's rate limit). */
export function profileCost(params: Record<string, unknown>): number {
  return 1 + sectionNames.filter((section) => params[includeFlag(section)] === true).length;
}

// ---------------------------------------------------------------------------------------------
// Profiles by username (batch lookup, an extension)
// ---------------------------------------------------------------------------------------------

/** Most usernames one batch lookup takes. */
export const MAX_BATCH_IDS = 100;

/** The found profiles (base fields only, no include_* section) and the usernames with none. */
export const ProfilesByIdsResponse = z.object({
  success: z.literal(true),
  cost: z.number().int(),
  data: z.object({ profiles: z.array(ProfileBase), notFound: z.array(z.string()) }),
});
export type ProfilesByIdsResponse = z.infer<typeof ProfilesByIdsResponse>;

export const ProfilesByIdsQuery = z.object({
  ids: idsParam({ max: MAX_BATCH_IDS, maxLength: 100 }).describe(
    'Comma-separated usernames (public identifiers, case-insensitive), at most 100; each found profile comes back once, in the order given.',
  ),
});

/**
 * The usernames of a batch, each once: usernames match case-insensitively (as the profile operation's
 * do), so spellings that differ only in case are one username, kept as first given.
 */
export function distinctUsernames(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  return ids.filter((id) => {
    const key = id.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** One per distinct username: each is a profile at the profile operation's base cost of 1. */
export function profilesByIdsCost(params: Record<string, unknown>): number {
  return Array.isArray(params.ids) ? distinctUsernames(params.ids as string[]).length : 1;
}

// ---------------------------------------------------------------------------------------------
// Company employees
// ---------------------------------------------------------------------------------------------

/** A date in YYYY-MM-DD form. */
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a YYYY-MM-DD date' });

/** One position; `endDate` is '' for a current position. */
export const EmployeeExperience = z.object({
  title: z.string(),
  company: z.string(),
  startDate: IsoDate,
  endDate: IsoDate.or(z.literal('')),
});

export const Employee = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  headline: z.string(),
  location: z.string(),
  profileUrl: z.string(),
  connections: z.number().int(),
  experience: z.array(EmployeeExperience),
  extra: extraField.describe("The member profile's `extra` (see ProfileBase); only when `fields` names `extra`."),
});
export type Employee = z.infer<typeof Employee>;

/** `cursor` (an addition beside `employees` and `total`): the next page's token, '' on the last page. */
export const EmployeesResponse = z.object({
  employees: z.array(Employee),
  total: z.number().int(),
  cursor: z.string(),
});
export type EmployeesResponse = z.infer<typeof EmployeesResponse>;

export const EmployeesQuery = z.object({
  companyId: requiredString(100),
  limit: integerParam({ min: 1, max: 500, default: 50 }),
  title: optionalString(200).describe(
    'Case-insensitive substring of the current job title. Pass the same value with the cursor.',
  ),
  cursor: optionalString().describe("The previous page's cursor."),
});
