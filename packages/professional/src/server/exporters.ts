import { type ContractExporters, EXPORT_PAGE_SIZE, keysetBatches } from '@socialquery/core/server';
import type { professionalContract } from '../contract.js';
import type { Employee } from '../schemas.js';
import type { ProfessionalSource } from './source.js';

/**
 * Bulk export of company employees, which the API gives no paging (one answer of at most 500): the
 * store is read a page at a time after the last employee read, in the listing's order.
 */
export function createProfessionalExporters(
  source: ProfessionalSource,
): Pick<ContractExporters<typeof professionalContract>, 'companyEmployees'> {
  return {
    companyEmployees: ({ companyId, title }) =>
      keysetBatches<Employee>(
        async (last) =>
          (
            await source.companyEmployees({
              companyId,
              ...(title ? { title } : {}),
              limit: EXPORT_PAGE_SIZE,
              ...(last ? { startAfter: last.id } : {}),
            })
          ).employees,
        { exists: () => source.companyExists(companyId), what: `company '${companyId}'` },
      ),
  };
}
