import { RequestSetupError, type Transport, type TransportRequest } from '@socialquery/core';
import { createProfessionalClient } from './client.js';

function recordingTransport(body: unknown) {
  const requests: TransportRequest[] = [];
  const transport: Transport = {
    async get(request) {
      requests.push(request);
      return body;
    },
  };
  return { transport, requests };
}

describe('professional client', () => {
  it('sends the API key to profile and the bearer token to companyEmployees', async () => {
    const { transport, requests } = recordingTransport({ employees: [], total: 0 });
    const client = createProfessionalClient({
      baseUrl: 'http://127.0.0.1:1',
      apiKey: 'sqk_k',
      token: 'sqt_t',
      transport,
    });
    expect(Object.keys(client)).toEqual([
      'profile',
      'companyEmployees',
      'profilesByIds',
      'history',
      'exportAll',
      'iterate',
    ]);
    await client.companyEmployees({ companyId: 'c1', title: 'engineer' });
    expect(requests[0]).toMatchObject({
      path: '/api/v1/professional/company/employees',
      query: { companyId: 'c1', title: 'engineer' },
    });
    expect(requests[0]?.headers).toMatchObject({ authorization: 'Bearer sqt_t' });
    await client.profile({ username: 'ada', include_skills: true }).catch(() => undefined);
    expect(requests[1]).toMatchObject({
      path: '/api/v1/professional/api/v1/user/profile',
      query: { username: 'ada', include_skills: 'true' },
    });
    expect(requests[1]?.headers).toMatchObject({ 'x-api-key': 'sqk_k' });
    await client.profilesByIds({ ids: ['ada', 'grace'] }).catch(() => undefined);
    expect(requests[2]).toMatchObject({ path: '/api/v1/professional/profiles', query: { ids: 'ada,grace' } });
    expect(requests[2]?.headers).toMatchObject({ 'x-api-key': 'sqk_k' });
  });

  it('refuses bad arguments and a missing credential before sending anything', async () => {
    const { transport, requests } = recordingTransport({});
    const keyless = createProfessionalClient({ baseUrl: 'http://127.0.0.1:1', token: 'sqt_t', transport });
    await expect(keyless.profile({ username: 'ada' })).rejects.toBeInstanceOf(RequestSetupError);
    const tokenless = createProfessionalClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'sqk_k', transport });
    await expect(tokenless.companyEmployees({ companyId: 'c1' })).rejects.toBeInstanceOf(RequestSetupError);
    await expect(keyless.companyEmployees({ companyId: 'c1', limit: 501 })).rejects.toBeInstanceOf(RequestSetupError);
    await expect(keyless.companyEmployees({ companyId: '' })).rejects.toBeInstanceOf(RequestSetupError);
    expect(requests).toEqual([]);
  });
});
