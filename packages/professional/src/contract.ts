import { defineOperation } from '@socialquery/core';
import { EmployeesQuery, EmployeesResponse, ProfileQuery, ProfileResponse, profileCost } from './schemas.js';

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
    'Each employee\'s experience lists all their positions, newest first; dates are YYYY-MM-DD, endDate is "" for a current position.',
});

/** The professional network's operations, keyed by client method name. */
export const professionalContract = { profile, companyEmployees };
