import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import type { ProfileSections } from '@socialquery/professional';
import { parse } from 'csv-parse';
import { toProfessionalCompanyRow, toProfessionalPositionRow, toProfessionalProfileRow } from './rows.js';
import { readBytes, readLines } from '../../import/input.js';
import {
  type Importer,
  ImportInputError,
  type ImportItem,
  type ReadProgress,
  RecordError,
} from '../../import/types.js';
import { reasonOf } from '../../import/values.js';

type Row = Record<string, string>;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Lower-case words joined by '-': the ids the export does not carry (member, company) are made from names. */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The export's month dates ("Mar 2021", "2019", or "") → `YYYY-MM-DD` (the 1st), or null when empty. */
export function exportDate(text: string, column: string): string | null {
  const value = text.trim();
  if (value === '') return null;
  let match = /^([A-Z][a-z]{2}) (\d{4})$/.exec(value);
  if (match && MONTHS.includes(match[1]!))
    return `${match[2]}-${String(MONTHS.indexOf(match[1]!) + 1).padStart(2, '0')}-01`;
  match = /^(\d{4})$/.exec(value);
  if (match) return `${match[1]}-01-01`;
  throw new RecordError(`${column}: expected a date like "Mar 2021" or "2021", got ${JSON.stringify(text)}`);
}

/** Streams a CSV file's records (by header) with the line each ends on; `header` locates the header past any preamble. */
async function* readCsv(path: string, progress: ReadProgress): AsyncGenerator<{ line: number; row: Row }> {
  const parser = Readable.from(readBytes(path, progress)).pipe(
    parse({
      columns: (names: string[]) => names.map((n) => n.trim()),
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Row; info: { lines: number } }>)
      yield { line: info.lines, row: record };
  } catch (error) {
    throw new ImportInputError(`${path}: not a valid CSV file (${reasonOf(error)})`);
  }
}

const cell = (row: Row, column: string) => (row[column] ?? '').trim();

function range(row: Row, start: string, end: string) {
  exportDate(cell(row, start), start);
  exportDate(cell(row, end), end);
  return { start: cell(row, start), end: cell(row, end) || 'Present' };
}

/** "Berlin, Germany" → city and country (the export has no country code or area). */
function location(geo: string) {
  const parts = geo
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return { city: parts.length > 1 ? parts[0]! : '', country: parts.at(-1) ?? '' };
}

/** "[PERSONAL:https://a.example]" or a bare address → the first address. */
function firstWebsite(text: string) {
  const match = /https?:\/\/[^\s,\]]+/.exec(text);
  return match ? match[0] : '';
}

/** "Apr 12" or "Apr 12, 1990" → day, month, year (0 when not given). */
function birth(text: string) {
  const match = /^([A-Z][a-z]{2}) (\d{1,2})(?:, (\d{4}))?$/.exec(text.trim());
  if (!match || !MONTHS.includes(match[1]!)) return { day: 0, month: 0, year: 0 };
  return { day: Number(match[2]), month: MONTHS.indexOf(match[1]!) + 1, year: Number(match[3] ?? 0) };
}

/** The row's columns no field holds (`mapped` are the ones that do), by the CSV's header names, as written. */
const unmapped = (row: Row, mapped: readonly string[]): Row =>
  Object.fromEntries(Object.entries(row).filter(([column]) => !mapped.includes(column)));

/**
 * The profile's `extra`: per file, the columns no field holds (Profile.csv's as one object, a
 * section file's as one object per row the section kept, in its order); a file whose every column
 * is mapped is left out.
 */
type ExportRest = Record<string, Row | Row[]>;

/**
 * Maps one section CSV's rows into the profile's section, yielding the skipped rows; the columns
 * other than `mapped` go to `rest` under the file's name.
 */
async function* section<T>(
  dir: string,
  file: string,
  progress: ReadProgress,
  into: T[],
  { rest, mapped }: { rest: ExportRest; mapped: readonly string[] },
  map: (row: Row, n: number) => T,
): AsyncGenerator<ImportItem> {
  const path = join(dir, file);
  if (!(await stat(path).catch(() => undefined))) return;
  let n = 0;
  const kept: Row[] = [];
  for await (const { line, row } of readCsv(path, progress)) {
    try {
      into.push(map(row, n++));
      kept.push(unmapped(row, mapped));
    } catch (error) {
      yield { location: `${file} line ${line}`, error: reasonOf(error) };
    }
  }
  if (kept.some((row) => Object.keys(row).length > 0)) rest[file] = kept;
}

/**
 * Profile.csv's columns the profile's fields hold. Birth Date, Geo Location and Websites are held
 * only when nothing of them is lost (a date the birth fields read, a place of at most city and
 * country, a single address): otherwise they are kept whole in `extra` too.
 */
function profileColumnsHeld(row: Row): string[] {
  const birthDate = cell(row, 'Birth Date');
  const geo = cell(row, 'Geo Location');
  const websites = cell(row, 'Websites');
  return [
    'First Name',
    'Last Name',
    'Headline',
    'Address',
    'Zip Code',
    ...(birthDate === '' || birth(birthDate).day > 0 ? ['Birth Date'] : []),
    ...(geo.split(',').length <= 2 ? ['Geo Location'] : []),
    ...(websites === '' || websites === firstWebsite(websites) ? ['Websites'] : []),
  ];
}

/** Each section file's columns its section's fields hold. */
const SECTION_COLUMNS = {
  'Positions.csv': ['Company Name', 'Title', 'Description', 'Location', 'Started On', 'Finished On'],
  'Education.csv': ['School Name', 'Start Date', 'End Date', 'Notes', 'Degree Name', 'Activities'],
  'Skills.csv': ['Name'],
  'Certifications.csv': ['Name', 'Url', 'Authority', 'Started On'],
  'Publications.csv': ['Name', 'Publisher', 'Description', 'Published On', 'Url'],
  'Honors.csv': ['Title', 'Description', 'Issued On'],
  'Volunteering.csv': ['Company Name', 'Role', 'Cause', 'Started On', 'Finished On', 'Description'],
} as const;
type SectionFile = keyof typeof SECTION_COLUMNS;

export const linkedinExport: Importer = {
  platform: 'professional',
  format: 'linkedin-export',
  description:
    'a LinkedIn member data export folder (Profile.csv, Positions.csv, Education.csv, Skills.csv, Certifications.csv, …)',
  input: 'dir',
  async *read(dir, progress) {
    const profilePath = join(dir, 'Profile.csv');
    if (!(await stat(profilePath).catch(() => undefined)))
      throw new ImportInputError(`no Profile.csv in ${dir}: is it an unzipped LinkedIn data export?`);
    let profileRow: Row | undefined;
    for await (const { row } of readCsv(profilePath, progress)) profileRow ??= row;
    if (!profileRow || !('First Name' in profileRow))
      throw new ImportInputError(`${profilePath}: expected the export's columns (First Name, Last Name, Headline, …)`);
    const firstName = cell(profileRow, 'First Name');
    const lastName = cell(profileRow, 'Last Name');
    const username = slug(`${firstName} ${lastName}`);
    if (username === '') throw new ImportInputError(`${profilePath}: the member has no name`);
    const id = `linkedin-${username}`;

    const sections: ProfileSections = {
      follower_and_connection: { follower_count: 0, connection_count: 0 },
      experiences: [],
      skills: [],
      services: [],
      certifications: [],
      publications: [],
      honors: [],
      volunteers: [],
      educations: [],
    };
    const rest: ExportRest = {};
    const profileRest = unmapped(profileRow, profileColumnsHeld(profileRow));
    if (Object.keys(profileRest).length > 0) rest['Profile.csv'] = profileRest;
    const from = (file: SectionFile) => ({ rest, mapped: SECTION_COLUMNS[file] });
    const positions: ImportItem[] = [];
    yield* section(dir, 'Positions.csv', progress, sections.experiences, from('Positions.csv'), (row, n) => {
      const company = cell(row, 'Company Name');
      const title = cell(row, 'Title');
      if (company === '' || title === '') throw new RecordError('Company Name and Title are required');
      const startDate = exportDate(cell(row, 'Started On'), 'Started On');
      const companyId = `linkedin-company-${slug(company)}`;
      positions.push({
        location: `Positions.csv row ${n + 1}`,
        rows: [
          {
            table: 'professional_positions',
            values: toProfessionalPositionRow({
              id: `${id}:${slug(company)}:${slug(title)}:${startDate ?? ''}`,
              profileId: id,
              companyId,
              title,
              startDate: startDate ?? '',
              endDate: exportDate(cell(row, 'Finished On'), 'Finished On'),
              firstName,
              lastName,
            }),
          },
          {
            table: 'professional_companies',
            values: toProfessionalCompanyRow({ id: companyId, name: company, url: '', logo: [] }),
          },
        ],
      });
      return {
        title,
        description: cell(row, 'Description'),
        location: cell(row, 'Location'),
        employment_type: '',
        date: range(row, 'Started On', 'Finished On'),
        skills: [],
        company: { id: companyId, name: company, url: '', logo: [] },
        media: [],
      };
    });
    yield* section(dir, 'Education.csv', progress, sections.educations, from('Education.csv'), (row, n) => ({
      id: `${id}:education:${n + 1}`,
      school: cell(row, 'School Name'),
      date: range(row, 'Start Date', 'End Date'),
      degree: cell(row, 'Degree Name'),
      grade: '',
      description: cell(row, 'Notes'),
      activities: cell(row, 'Activities'),
      media: [],
      skills: [],
    }));
    yield* section(dir, 'Skills.csv', progress, sections.skills, from('Skills.csv'), (row) => {
      if (cell(row, 'Name') === '') throw new RecordError('Name is required');
      return { skill: cell(row, 'Name'), num_endorsements: 0, is_passed_skill_assessment: false };
    });
    yield* section(dir, 'Certifications.csv', progress, sections.certifications, from('Certifications.csv'), (row) => ({
      title: cell(row, 'Name'),
      authority: cell(row, 'Authority'),
      credential_url: cell(row, 'Url'),
      issued_at: cell(row, 'Started On'),
    }));
    yield* section(dir, 'Publications.csv', progress, sections.publications, from('Publications.csv'), (row) => ({
      title: cell(row, 'Name'),
      publication: cell(row, 'Publisher'),
      description: cell(row, 'Description'),
      date: cell(row, 'Published On'),
      publication_url: cell(row, 'Url'),
    }));
    yield* section(dir, 'Honors.csv', progress, sections.honors, from('Honors.csv'), (row) => ({
      title: cell(row, 'Title'),
      caption: cell(row, 'Description'),
      issued_by: '',
      issued_at: cell(row, 'Issued On'),
      associated_with: '',
      media: [],
    }));
    yield* section(dir, 'Volunteering.csv', progress, sections.volunteers, from('Volunteering.csv'), (row) => ({
      organization: cell(row, 'Company Name'),
      title: cell(row, 'Role'),
      cause: cell(row, 'Cause'),
      duration: '',
      description: cell(row, 'Description'),
      date: range(row, 'Started On', 'Finished On'),
      media: [],
    }));
    sections.follower_and_connection.connection_count = await countConnections(join(dir, 'Connections.csv'), progress);

    const place = location(cell(profileRow, 'Geo Location'));
    yield {
      location: basename(profilePath),
      rows: [
        {
          table: 'professional_profiles',
          values: {
            ...toProfessionalProfileRow({
              id,
              urn: '',
              public_identifier: username,
              first_name: firstName,
              last_name: lastName,
              full_name: `${firstName} ${lastName}`.trim(),
              headline: cell(profileRow, 'Headline'),
              pronoun: '',
              is_premium: false,
              is_open_to_work: false,
              is_hiring: false,
              is_memorialized: false,
              is_influencer: false,
              is_top_voice: false,
              is_creator: false,
              birth: birth(cell(profileRow, 'Birth Date')),
              created: 0,
              created_date: new Date(0).toISOString(),
              location: {
                country: place.country,
                country_code: '',
                city: place.city,
                geographic_area: '',
                line1: cell(profileRow, 'Address'),
                line2: '',
                postal_code: cell(profileRow, 'Zip Code'),
              },
              avatar: [],
              cover: [],
              associated_hashtag: [],
              website: { title: '', url: firstWebsite(cell(profileRow, 'Websites')) },
              supported_locales: [],
              primary_locale: { country: '', language: '' },
              ...sections,
            }),
            extra: JSON.stringify(rest),
          },
        },
      ],
    };
    yield* positions;
  },
};

/** Connections.csv starts with a few "Notes:" lines before its header; counts the rows after it. */
async function countConnections(path: string, progress: ReadProgress): Promise<number> {
  if (!(await stat(path).catch(() => undefined))) return 0;
  let header = false;
  let count = 0;
  for await (const { text } of readLines(path, progress)) {
    if (header && text.trim() !== '') count += 1;
    else if (/^\uFEFF?First Name,/.test(text)) header = true;
  }
  return count;
}
