import type { Kysely } from 'kysely';
import type { Database } from '../../schema.js';

/** Title words the demo job titles use, tried in this order. */
const TITLE_WORDS = ['engineer', 'manager', 'product', 'data', 'designer', 'sales', 'marketing'];

/**
 * The company with the most current employees (ties by id), the first title word that matches
 * some but not all of them (a filter that visibly narrows the list), and the member with the most
 * connections among that company's current employees; `ids`: that member and the next two, comma-separated
 * (for the batch lookup).
 */
export async function findProfessionalExamples(
  db: Kysely<Database>,
): Promise<{ username: string; companyId: string; title: string; ids: string } | undefined> {
  const company = await db
    .selectFrom('professional_positions')
    .select(['company_id', (eb) => eb.fn.countAll().as('n')])
    .where('is_current', '=', 1)
    .groupBy('company_id')
    .orderBy('n', 'desc')
    .orderBy('company_id')
    .limit(1)
    .executeTakeFirst();
  if (!company) return undefined;
  const current = db
    .selectFrom('professional_positions')
    .where('company_id', '=', company.company_id)
    .where('is_current', '=', 1);
  let title = TITLE_WORDS[0]!;
  for (const word of TITLE_WORDS) {
    const { n } = await current
      .where('title_key', 'like', `%${word}%`)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(n) > 0 && Number(n) < Number(company.n)) {
      title = word;
      break;
    }
  }
  const members = await current
    .innerJoin('professional_profiles as p', 'p.id', 'professional_positions.profile_id')
    .select('p.public_identifier')
    .orderBy('p.connection_count', 'desc')
    .orderBy('p.id')
    .limit(3)
    .execute();
  const ids = members.map((member) => member.public_identifier);
  return { username: ids[0]!, companyId: company.company_id, title, ids: ids.join(',') };
}
