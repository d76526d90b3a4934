import { companyEmployees, professionalContract, profile, profilesByIds } from './contract.js';
import { EmployeesQuery, includeFlag, ProfileQuery, ProfileResponse, profileCost, sectionNames } from './schemas.js';

const FLAGS = sectionNames.map(includeFlag);

describe('professional contract', () => {
  it('declares both operations as the API gives them: profile by API key, employees by bearer token', () => {
    expect(Object.keys(professionalContract)).toEqual(['profile', 'companyEmployees', 'profilesByIds', 'history']);
    expect(professionalContract.history).toMatchObject({
      id: 'professional.history',
      path: '/api/v1/professional/history',
      auth: 'apiKey',
      errorExtras: { success: false },
      paging: { param: 'cursor', next: ['data', 'cursor'] },
    });
    expect(profilesByIds).toMatchObject({
      method: 'GET',
      path: '/api/v1/professional/profiles',
      auth: 'apiKey',
      errorExtras: { success: false },
    });
    expect(profile).toMatchObject({
      method: 'GET',
      path: '/api/v1/professional/api/v1/user/profile',
      auth: 'apiKey',
      pathParams: [],
    });
    expect(companyEmployees).toMatchObject({
      method: 'GET',
      path: '/api/v1/professional/company/employees',
      auth: 'bearer',
      pathParams: [],
    });
    expect(profile.errorExtras).toEqual({ success: false });
    expect(companyEmployees.errorExtras).toEqual({ success: false });
  });

  it('takes exactly the documented query parameters', () => {
    expect(Object.keys(profile.params.query.shape)).toEqual([
      'username',
      'include_follower_and_connection',
      'include_experiences',
      'include_skills',
      'include_services',
      'include_certifications',
      'include_publications',
      'include_honors',
      'include_volunteers',
      'include_educations',
    ]);
    // the documented parameters, then the paging cursor (an addition)
    expect(Object.keys(companyEmployees.params.query.shape)).toEqual(['companyId', 'limit', 'title', 'cursor']);
  });

  it('pages company employees by cursor (the same name in the query and the answer); the profile does not page', () => {
    expect(companyEmployees.paging).toEqual({
      kind: 'token',
      param: 'cursor',
      next: ['cursor'],
      limitParam: 'limit',
      exportPageSize: 1000,
    });
    expect(Object.keys(companyEmployees.response.shape)).toEqual(['employees', 'total', 'cursor']);
    expect(profile).not.toHaveProperty('paging');
    expect(profilesByIds).not.toHaveProperty('paging');
  });

  it('defaults every include flag to false and limit to 50', () => {
    expect(ProfileQuery.parse({ username: 'a' })).toEqual({
      username: 'a',
      ...Object.fromEntries(FLAGS.map((f) => [f, false])),
    });
    expect(EmployeesQuery.parse({ companyId: 'c' })).toEqual({ companyId: 'c', limit: 50 });
  });

  it('accepts only the strict booleans true and false', () => {
    for (const flag of FLAGS) {
      expect(ProfileQuery.parse({ username: 'a', [flag]: 'true' })[flag]).toBe(true);
      expect(ProfileQuery.parse({ username: 'a', [flag]: 'false' })[flag]).toBe(false);
      for (const bad of ['1', '0', 'yes', 'TRUE', ''])
        expect(ProfileQuery.safeParse({ username: 'a', [flag]: bad }).success).toBe(false);
    }
  });

  it('bounds the employees limit to 1..500 and requires companyId and username', () => {
    expect(EmployeesQuery.safeParse({ companyId: 'c', limit: '500' }).success).toBe(true);
    expect(EmployeesQuery.safeParse({ companyId: 'c', limit: '1' }).success).toBe(true);
    for (const bad of ['0', '501', '-1', '2.5', 'x'])
      expect(EmployeesQuery.safeParse({ companyId: 'c', limit: bad }).success).toBe(false);
    expect(EmployeesQuery.safeParse({}).success).toBe(false);
    expect(ProfileQuery.safeParse({}).success).toBe(false);
  });

  it('costs 1 + the number of true flags, for every one of the 512 combinations', () => {
    for (let mask = 0; mask < 1 << FLAGS.length; mask++) {
      const wire: Record<string, string> = { username: 'a' };
      let expected = 1;
      FLAGS.forEach((flag, bit) => {
        const on = (mask & (1 << bit)) !== 0;
        // both spellings of false, and absence, count the same
        if (on) {
          wire[flag] = 'true';
          expected += 1;
        } else if (bit % 2 === 0) wire[flag] = 'false';
      });
      const params = ProfileQuery.parse(wire);
      expect(profile.cost(params)).toBe(expected);
      expect(profileCost(params)).toBe(expected);
    }
  });

  it('lets a response omit every section but requires every base field', () => {
    const shape = ProfileResponse.shape.data.shape;
    for (const section of sectionNames) expect(shape[section].safeParse(undefined).success).toBe(true);
    expect(shape.full_name.safeParse(undefined).success).toBe(false);
  });
});
