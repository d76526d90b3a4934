import { ProfileResponse } from '@socialquery/professional';
import { importData } from '@socialquery/store';
import { importFixture } from '@socialquery/store/testing';
import request from 'supertest';
import { startTestService, type TestService } from './harness.js';

let service: TestService;
let demoUsername: string;

const PROFILE = '/api/v1/professional/api/v1/user/profile';
const PROFILES = '/api/v1/professional/profiles';
const EMPLOYEES = '/api/v1/professional/company/employees';
const COMPANY = 'linkedin-company-eckert-mauchly-computer-corporation';
/** What the fixture export (packages/store/test/fixtures/import/linkedin) carries that no field holds. */
const EXTRA = {
  'Profile.csv': {
    'Maiden Name': '',
    Summary: 'Invented the first compiler, among other things',
    Industry: 'Computer Software',
    'Geo Location': 'Arlington, Virginia, United States',
    'Twitter Handles': '[gracehopper]',
    Websites: '[PERSONAL:https://grace.example.org]',
    'Instant Messengers': '',
  },
  'Certifications.csv': [{ 'Finished On': '', 'License Number': '' }],
};

beforeAll(async () => {
  service = await startTestService();
  await importData(service.store.db, 'professional', 'linkedin-export', importFixture('linkedin'));
  demoUsername = (await service.store.examples()).professional!.username;
});
afterAll(() => service.close());

const withKey = (path: string, query: Record<string, string>) =>
  request(service.app).get(path).query(query).set('X-API-Key', service.apiKey);
const withToken = (path: string, query: Record<string, string>) =>
  request(service.app).get(path).query(query).set('Authorization', `Bearer ${service.token}`);

describe('LinkedIn-imported profiles answer the export’s other columns as extra when fields asks for it', () => {
  it('no extra without fields: the answers are unchanged', async () => {
    const res = await withKey(PROFILE, { username: 'grace-hopper' });
    expect(res.status).toBe(200);
    expect(ProfileResponse.parse(res.body).data).not.toHaveProperty('extra');
    const employees = await withToken(EMPLOYEES, { companyId: COMPANY });
    expect(employees.body.employees.map((e: object) => 'extra' in e)).toEqual([false]);
  });

  it('fields=…,extra answers it: the profile, a batch lookup and the employees listing', async () => {
    const profile = await withKey(PROFILE, { username: 'grace-hopper', fields: 'id,extra' });
    expect(profile.body.data).toEqual({ id: 'linkedin-grace-hopper', extra: EXTRA });
    const batch = await withKey(PROFILES, { ids: 'grace-hopper', fields: 'public_identifier,extra' });
    expect(batch.body.data.profiles).toEqual([{ public_identifier: 'grace-hopper', extra: EXTRA }]);
    const employees = await withToken(EMPLOYEES, { companyId: COMPANY, fields: 'id,extra' });
    expect(employees.body.employees).toEqual([{ id: 'linkedin-grace-hopper', extra: EXTRA }]);
  });

  it('an export of the employees (format=ndjson) carries it too', async () => {
    const exported = await withToken(EMPLOYEES, { companyId: COMPANY, fields: 'id,extra', format: 'ndjson' });
    expect(exported.status).toBe(200);
    expect(
      exported.text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([{ id: 'linkedin-grace-hopper', extra: EXTRA }]);
  });

  it('a demo profile has no export: no extra even when asked for', async () => {
    const demo = await withKey(PROFILE, { username: demoUsername, fields: 'public_identifier,extra' });
    expect(demo.status).toBe(200);
    expect(demo.body.data).toEqual({ public_identifier: demoUsername });
  });
});
