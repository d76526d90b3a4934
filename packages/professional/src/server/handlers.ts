import { type ContractHandlers, inRequestOrder, notFound } from '@socialquery/core/server';
import type { professionalContract } from '../contract.js';
import { distinctUsernames, includeFlag, profileCost, sectionNames } from '../schemas.js';
import type { ProfessionalSource } from './source.js';

/**
 * The professional network's handlers over any ProfessionalSource. The profile carries exactly
 * the sections whose include flag is true (absent keys otherwise, never null) and its cost.
 */
export function createProfessionalHandlers(source: ProfessionalSource): ContractHandlers<typeof professionalContract> {
  return {
    async profile(params) {
      const sections = sectionNames.filter((section) => params[includeFlag(section)]);
      const found = await source.profile({ username: params.username, sections });
      if (!found) throw notFound(`user '${params.username}'`);
      const data = { ...found };
      for (const section of sectionNames) if (!sections.includes(section)) delete data[section];
      return { success: true as const, cost: profileCost(params), data };
    },
    async profilesByIds({ ids }) {
      const usernames = distinctUsernames(ids);
      const lower = (name: string) => name.toLowerCase();
      const { records: profiles, notFound } = inRequestOrder(
        usernames,
        await source.profiles(usernames),
        (profile) => lower(profile.public_identifier),
        lower,
      );
      return { success: true as const, cost: usernames.length, data: { profiles, notFound } };
    },
    async companyEmployees({ companyId, limit, title }) {
      const result = await source.companyEmployees({ companyId, limit, ...(title ? { title } : {}) });
      if (result.total === 0 && !(await source.companyExists(companyId))) throw notFound(`company '${companyId}'`);
      return result;
    },
  };
}
