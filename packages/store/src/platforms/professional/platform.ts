import { professionalPlatform } from '@socialquery/professional/server';
import { defineStorePlatform } from '../store-platform.js';
import { PROFESSIONAL_COLUMNS } from './columns.js';
import { professionalDemoSet } from './demo-set.js';
import { findProfessionalExamples } from './examples.js';
import { linkedinExport } from './import-linkedin.js';
import { professional } from './migrations/0004-professional.js';
import { professionalSourceFields } from './migrations/0027-professional-source-fields.js';
import { createSqlProfessionalSource } from './source.js';
import { professionalObserved } from './observed.js';

/** The professional platform's store side: what the kernel reads for it (platforms/store-platform.ts). */
export const professionalStorePlatform = defineStorePlatform({
  name: 'professional',
  definition: professionalPlatform,
  source: createSqlProfessionalSource,
  migrations: { '0004-professional': professional, '0027-professional-source-fields': professionalSourceFields },
  tables: [
    { name: 'professional_companies' },
    // the data export carries no follower count (0 there is a placeholder, not a reading)
    { name: 'professional_profiles' },
    { name: 'professional_positions' },
  ],
  observed: professionalObserved,
  columnTypes: PROFESSIONAL_COLUMNS,
  importers: [linkedinExport],
  demo: professionalDemoSet,
  examples: findProfessionalExamples,
});
