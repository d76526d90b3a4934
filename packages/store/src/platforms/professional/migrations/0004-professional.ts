import type { Kysely, Migration } from 'kysely';

/**
 * The professional network: profiles (base fields as columns, objects and arrays as JSON text,
 * each optional section as one JSON text column read only when asked for), companies, and every
 * member's positions. `username_key` is the lower-cased public identifier; a position's
 * `title_key` its lower-cased title; `last_key`/`first_key` the member's lower-cased names,
 * copied onto the position so the employees listing is one index range in its order.
 */
export const professional: Migration = {
  async up(db: Kysely<unknown>) {
    let profiles = db.schema
      .createTable('professional_profiles')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username_key', 'text', (c) => c.notNull().unique())
      .addColumn('public_identifier', 'text', (c) => c.notNull())
      .addColumn('urn', 'text', (c) => c.notNull());
    for (const column of ['first_name', 'last_name', 'full_name', 'headline', 'pronoun']) {
      profiles = profiles.addColumn(column, 'text', (c) => c.notNull());
    }
    for (const column of [
      'is_premium',
      'is_open_to_work',
      'is_hiring',
      'is_memorialized',
      'is_influencer',
      'is_top_voice',
      'is_creator',
    ]) {
      profiles = profiles.addColumn(column, 'integer', (c) => c.notNull());
    }
    profiles = profiles
      .addColumn('birth_day', 'integer', (c) => c.notNull())
      .addColumn('birth_month', 'integer', (c) => c.notNull())
      .addColumn('birth_year', 'integer', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull());
    for (const column of [
      'country',
      'country_code',
      'city',
      'geographic_area',
      'line1',
      'line2',
      'postal_code',
      'avatar',
      'cover',
      'associated_hashtag',
      'website_title',
      'website_url',
      'supported_locales',
      'primary_country',
      'primary_language',
    ]) {
      profiles = profiles.addColumn(column, 'text', (c) => c.notNull());
    }
    profiles = profiles
      .addColumn('follower_count', 'integer', (c) => c.notNull())
      .addColumn('connection_count', 'integer', (c) => c.notNull());
    for (const column of [
      'experiences',
      'skills',
      'services',
      'certifications',
      'publications',
      'honors',
      'volunteers',
      'educations',
    ]) {
      profiles = profiles.addColumn(column, 'text', (c) => c.notNull());
    }
    await profiles.execute();

    await db.schema
      .createTable('professional_companies')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('logo', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('professional_positions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('profile_id', 'text', (c) => c.notNull())
      .addColumn('company_id', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('title_key', 'text', (c) => c.notNull())
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text')
      .addColumn('is_current', 'integer', (c) => c.notNull())
      .addColumn('last_key', 'text', (c) => c.notNull())
      .addColumn('first_key', 'text', (c) => c.notNull())
      .execute();
    // A company's current employees in listing order (the count and the title filter stay inside this range).
    await db.schema
      .createIndex('professional_positions_company')
      .on('professional_positions')
      .columns(['company_id', 'is_current', 'last_key', 'first_key', 'profile_id'])
      .execute();
    // A member's positions, newest first.
    await db.schema
      .createIndex('professional_positions_profile')
      .on('professional_positions')
      .columns(['profile_id', 'start_date', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['professional_positions', 'professional_companies', 'professional_profiles'])
      await db.schema.dropTable(table).execute();
  },
};
