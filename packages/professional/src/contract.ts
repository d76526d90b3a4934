import { defineOperation } from '@socialquery/core';
import {
  EmployeesQuery,
  EmployeesResponse,
  ProfileQuery,
  ProfileResponse,
  profileCost,
  ProfilesByIdsQuery,
  ProfilesByIdsResponse,
  profilesByIdsCost,
} from './schemas.js';
import { history } from './history.js';

/** Every error of the professional group carries `success: false` besides the standard fields. */
const errorExtras = { success: false } as const;

export const profile = defineOperation({
  id: 'professional.profile',
  method: 'GET',
  path: '/api/v1/professional/api/v1/user/profile',
  auth: 'apiKey',
  params: { query: ProfileQuery },
  response: ProfileResponse,
  cost: profileCost,
  errorExtras,
  summary: 'A member profile',
  description:
    'The base fields always; each include_* flag (strict true/false, default false) adds its section, and only then. ' +
    'The call costs 1 + the number of true flags, reported in `cost` and charged to the rate limit. Usernames match case-insensitively.',
});

export const companyEmployees = defineOperation({
  id: 'professional.companyEmployees',
  method: 'GET',
  path: '/api/v1/professional/company/employees',
  auth: 'bearer',
  params: { query: EmployeesQuery },
  response: EmployeesResponse,
  errorExtras,
  summary: 'Current employees of a company',
  description:
    'Members with a current position at the company, ordered by last name, first name, then id. `title` keeps those whose ' +
    'current title at the company contains it (case-insensitive substring). `total` counts every match, not just the page. ' +
    'Each employee\'s experience lists all their positions, newest first; dates are YYYY-MM-DD, endDate is "" for a current position. ' +
    "Paging (an addition: `employees` and `total` are unchanged): `cursor` in the answer is the next page's token, passed back " +
    'as the `cursor` parameter (the name the short-video and forum listings use; the group has no other token); it is the ' +
    "empty string on the last page. Keyset paging in the listing's order (ties on the names by member id), bound to " +
    'companyId and title (case-insensitively; pass the same ones with it, or it is refused: 400 invalid_cursor), not to limit.',
  // a bulk export reads the store a thousand rows at a time (the handler serves any page size)
  paging: { kind: 'token', param: 'cursor', next: ['cursor'], limitParam: 'limit', exportPageSize: 1000 },
});

export const profilesByIds = defineOperation({
  id: 'professional.profilesByIds',
  method: 'GET',
  path: '/api/v1/professional/profiles',
  auth: 'apiKey',
  params: { query: ProfilesByIdsQuery },
  response: ProfilesByIdsResponse,
  cost: profilesByIdsCost,
  errorExtras,
  summary: 'Profiles by username (batch lookup)',
  description:
    'An extension: a request that does not use it is answered as before. `ids`: up to 100 usernames, comma-separated; they match case-insensitively, so spellings ' +
    'differing only in case (and repeats) count once, as first given. data.profiles holds the profiles found (base fields, ' +
    'as the profile operation answers without include flags), in the order requested; data.notFound the usernames with ' +
    'no profile, in request order. Never a 404. Costs 1 per distinct username (reported in `cost`, charged to the rate limit).',
});

/** The professional network's operations, keyed by client method name. */
export const professionalContract = { profile, companyEmployees, profilesByIds, history };
