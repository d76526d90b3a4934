import { type ClientOptions, type ContractClient, createClient } from '@socialquery/core';
import { professionalContract } from './contract.js';

/** Where the service is (`baseUrl`), `timeout`, `retries`, `transport` as for every client, and its credentials. */
export interface ProfessionalClientOptions extends ClientOptions {
  /** API key, for `profile` and `profilesByIds` (create one with `pnpm cli keys create --kind api-key`). */
  apiKey?: string;
  /** Bearer token, for `companyEmployees` (create one with `pnpm cli keys create --kind token`). */
  token?: string;
}

export type ProfessionalClient = ContractClient<typeof professionalContract>;

/**
 * `profile({ username, include_experiences?, … })` and `profilesByIds({ ids })` (a list of up to 100
 * usernames, or them comma-separated) (need `apiKey`),
 * `companyEmployees({ companyId, limit?, title?, cursor? })` (needs `token`; it pages by `cursor`:
 * `client.iterate('companyEmployees', { companyId })` walks every page). A call whose credential
 * was not given fails with RequestSetupError before anything is sent.
 */
export function createProfessionalClient(options: ProfessionalClientOptions): ProfessionalClient {
  return createClient(professionalContract, options);
}
