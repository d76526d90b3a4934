import {
  toProfessionalCompanyRow,
  toProfessionalPositionRow,
  toProfessionalProfileRow,
  upsertProfessionalCompanyRows,
  upsertProfessionalPositionRows,
  upsertProfessionalProfileRows,
} from './rows.js';
import { writeInBatches } from '../../demo/batches.js';
import type { DemoSet } from '../../demo/demo-set.js';
import {
  professionalDemoCompanies,
  professionalDemoPositions,
  professionalDemoProfiles,
  professionalDemoSize,
} from './demo.js';

/** Companies, members, then positions, each table from its own lazy generator. */
export const professionalDemoSet: DemoSet = {
  name: 'professional',
  size: professionalDemoSize,
  async load(db, { now, scale, onRows }) {
    const options = { now, scale };
    const companies = await writeInBatches(
      db,
      mapRows(professionalDemoCompanies(options), toProfessionalCompanyRow),
      upsertProfessionalCompanyRows,
      onRows,
    );
    const profiles = await writeInBatches(
      db,
      mapRows(professionalDemoProfiles(options), toProfessionalProfileRow),
      upsertProfessionalProfileRows,
      onRows,
    );
    const positions = await writeInBatches(
      db,
      mapRows(professionalDemoPositions(options), toProfessionalPositionRow),
      upsertProfessionalPositionRows,
      onRows,
    );
    return companies + profiles + positions;
  },
};

function* mapRows<A, B>(rows: Iterable<A>, map: (row: A) => B): Generator<B> {
  for (const row of rows) yield map(row);
}
