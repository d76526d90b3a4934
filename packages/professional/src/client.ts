import { type ContractClient, createClient, type Transport } from '@socialquery/core';
import { professionalContract } from './contract.js';

export interface ProfessionalClientOptions {
  /** Service root, e.g. `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** API key, for `profile` and `profilesByIds` (create one with `pnpm cli keys create --kind api-key`). */
  apiKey?: string;
  /** Bearer token, for `companyEmployees` (create one with `pnpm cli keys create --kind token`). */
  token?: string;
  /** Milliseconds; default 30000. */
  timeout?: number;
  /** Retries on no answer or 5xx; default 0. */
  retries?: number;
  transport?: Transport;
}

export type ProfessionalClient = ContractClient<typeof professionalContract>;

/**
 * `profile({ username, include_experiences?, … })` and `profilesByIds({ ids })` (a list of up to 100
 * usernames, or them comma-separated) (need `apiKey`),
 * `companyEmployees({ companyId, limit?, title? })` (needs `token`). A call whose credential
 * was not given fails with RequestSetupError before anything is sent.
 */
export function createProfessionalClient(options: ProfessionalClientOptions): ProfessionalClient {
  return createClient(professionalContract, options);
}
