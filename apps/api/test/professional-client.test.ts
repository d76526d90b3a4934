import { ApiResponseError, RequestSetupError } from '@socialquery/core';
import {
  createProfessionalClient,
  EmployeesResponse,
  ProfileResponse,
  ProfilesByIdsResponse,
} from '@socialquery/professional';
import type { Server } from 'node:http';
import { listen, startTestService, type TestService } from './harness.js';

let service: TestService;
let server: Server;
let baseUrl: string;
let examples: { username: string; companyId: string; title: string };
let requests = 0;

beforeAll(async () => {
  service = await startTestService();
  examples = (await service.store.examples()).professional!;
  ({ server, baseUrl } = await listen(service.app));
  server.on('request', () => {
    requests++;
  });
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await service.close();
});

const client = () =>
  createProfessionalClient({ baseUrl, apiKey: service.apiKey, token: service.token, timeout: 10_000 });

describe('professional client against the real service', () => {
  it('reads a profile with sections and its cost', async () => {
    const body = await client().profile({
      username: examples.username,
      include_skills: true,
      include_educations: true,
    });
    expect(ProfileResponse.parse(body)).toEqual(body);
    expect(body.cost).toBe(3);
    expect(body.data.skills!.length).toBeGreaterThan(0);
    expect(body.data.educations!.length).toBeGreaterThan(0);
    expect(body.data.experiences).toBeUndefined();
  });

  it("iterate('companyEmployees') walks every page by cursor: the whole listing once, in order, as one big page", async () => {
    const whole = await client().companyEmployees({ companyId: examples.companyId, limit: 500 });
    expect(whole.cursor).toBe('');
    expect(whole.total).toBeGreaterThan(13);
    const before = requests;
    const ids: string[] = [];
    for await (const employee of client().iterate('companyEmployees', { companyId: examples.companyId, limit: 13 }))
      ids.push(employee.id);
    expect(ids).toEqual(whole.employees.map((e) => e.id));
    expect(requests - before).toBe(Math.ceil(whole.total / 13));
    // the NDJSON export follows the same cursor
    const exported: string[] = [];
    for await (const employee of client().exportAll('companyEmployees', { companyId: examples.companyId }))
      exported.push(employee.id);
    expect(exported).toEqual(ids);
  });

  it('lists employees with a title filter', async () => {
    const body = await client().companyEmployees({ companyId: examples.companyId, title: examples.title, limit: 10 });
    expect(EmployeesResponse.parse(body)).toEqual(body);
    expect(body.employees.length).toBeGreaterThan(0);
    expect(body.total).toBeGreaterThanOrEqual(body.employees.length);
  });

  it('looks up profiles by a list of usernames: the found ones in order, the rest in notFound, cost per username', async () => {
    const body = await client().profilesByIds({ ids: ['no-such-member-anywhere', examples.username] });
    expect(ProfilesByIdsResponse.parse(body)).toEqual(body);
    expect(body.data.profiles.map((p) => p.public_identifier)).toEqual([examples.username]);
    expect(body.data.notFound).toEqual(['no-such-member-anywhere']);
    expect(body.cost).toBe(2);
    const single = await client().profile({ username: examples.username });
    expect(body.data.profiles[0]).toEqual(single.data);
    const trimmed = await client().profilesByIds({ ids: examples.username, fields: ['full_name'] });
    expect(trimmed.data.profiles).toEqual([{ full_name: single.data.full_name }]);
    const before = requests;
    await expect(client().profilesByIds({ ids: [] })).rejects.toBeInstanceOf(RequestSetupError);
    await expect(
      client().profilesByIds({ ids: Array.from({ length: 101 }, (_, i) => `u${i}`) }),
    ).rejects.toBeInstanceOf(RequestSetupError);
    expect(requests).toBe(before);
  });

  it('reports a 404 as ApiResponseError with the status and the body (success false)', async () => {
    const error = await client()
      .profile({ username: 'no-such-member-anywhere' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect((error as ApiResponseError).status).toBe(404);
    expect((error as ApiResponseError).body).toMatchObject({ success: false, code: 'not_found' });
    const company = await client()
      .companyEmployees({ companyId: 'no-such-company' })
      .catch((e: unknown) => e);
    expect((company as ApiResponseError).status).toBe(404);
  });

  it('refuses bad arguments and missing credentials before sending anything', async () => {
    const before = requests;
    await expect(client().companyEmployees({ companyId: examples.companyId, limit: 501 })).rejects.toBeInstanceOf(
      RequestSetupError,
    );
    await expect(client().profile({ username: '' })).rejects.toBeInstanceOf(RequestSetupError);
    await expect(
      createProfessionalClient({ baseUrl, token: service.token }).profile({ username: examples.username }),
    ).rejects.toBeInstanceOf(RequestSetupError);
    await expect(
      createProfessionalClient({ baseUrl, apiKey: service.apiKey }).companyEmployees({ companyId: examples.companyId }),
    ).rejects.toBeInstanceOf(RequestSetupError);
    expect(requests).toBe(before);
  });
});
