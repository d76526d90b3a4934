import {
  answerHistory,
  type ContractHandlers,
  cursorBinding,
  decodePosition,
  inRequestOrder,
  notFound,
} from '@socialquery/core/server';
import { z } from 'zod';
import { companyEmployees as companyEmployeesOperation, type professionalContract } from '../contract.js';
import { distinctUsernames, includeFlag, profileCost, sectionNames } from '../schemas.js';
import { history } from '../history.js';
import type { ProfessionalSource } from './source.js';

/**
 * What an employees `cursor` carries: the last employee's position (a signed token always has this
 * shape; its length is bounded by the token's own).
 */
const EmployeePositionSchema = z.strictObject({
  lastKey: z.string(),
  firstKey: z.string(),
  id: z.string().min(1),
});

/**
 * The professional network's handlers over any ProfessionalSource. The profile carries exactly
 * the sections whose include flag is true (absent keys otherwise, never null) and its cost.
 *
 * `companyEmployees` pages by keyset: `cursor` carries the last employee's position (names as the
 * store orders them, then id), signed and bound to companyId and the title filter (lower-cased: it
 * matches case-insensitively), not to `limit`. One employee more than `limit` is asked of the source
 * to know whether another page follows; the last page's cursor is ''. An empty cursor is none.
 */
export function createProfessionalHandlers(source: ProfessionalSource): ContractHandlers<typeof professionalContract> {
  return {
    async profile(params, { extra }) {
      const sections = sectionNames.filter((section) => params[includeFlag(section)]);
      const found = await source.profile({ username: params.username, sections }, { extra });
      if (!found) throw notFound(`user '${params.username}'`);
      const data = { ...found };
      for (const section of sectionNames) if (!sections.includes(section)) delete data[section];
      return { success: true as const, cost: profileCost(params), data };
    },
    async profilesByIds({ ids }, { extra }) {
      const usernames = distinctUsernames(ids);
      const lower = (name: string) => name.toLowerCase();
      const { records: profiles, notFound } = inRequestOrder(
        usernames,
        await source.profiles(usernames, { extra }),
        (profile) => lower(profile.public_identifier),
        lower,
      );
      return { success: true as const, cost: usernames.length, data: { profiles, notFound } };
    },
    async companyEmployees({ companyId, limit, title, cursor }, { cursors, extra }) {
      const binding = cursorBinding(
        companyEmployeesOperation.id,
        { companyId, title: title ? title.toLowerCase() : undefined },
        [],
      );
      const after = cursor ? decodePosition(cursors, cursor, binding, EmployeePositionSchema) : undefined;
      const { entries, total } = await source.companyEmployees(
        {
          companyId,
          ...(title ? { title } : {}),
          ...(after ? { after } : {}),
          limit: limit + 1,
        },
        { extra },
      );
      if (total === 0 && !(await source.companyExists(companyId))) throw notFound(`company '${companyId}'`);
      const page = entries.slice(0, limit);
      const last = page.at(-1);
      return {
        employees: page.map((entry) => entry.employee),
        total,
        cursor: entries.length > limit && last ? cursors.encode(last.position, binding) : '',
      };
    },
    async history(params, ctx) {
      return { success: true as const, cost: 1, data: await answerHistory(history.id, source, params, ctx) };
    },
  };
}
