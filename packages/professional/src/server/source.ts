import type { Employee, ProfileBase, ProfileSections, SectionName } from '../schemas.js';

/** A profile's base fields with the requested sections. */
export type StoredProfile = ProfileBase & Partial<ProfileSections>;

/**
 * What the professional handlers need from a store. Usernames (public identifiers) match
 * case-insensitively; company ids exactly.
 */
export interface ProfessionalSource {
  /** The profile with exactly the `sections` asked for, or undefined for an unknown username. */
  profile(query: { username: string; sections: readonly SectionName[] }): Promise<StoredProfile | undefined>;
  /** The base fields of the profiles of these usernames that exist (one query), in any order. */
  profiles(usernames: readonly string[]): Promise<ProfileBase[]>;
  /**
   * Members whose current position is at the company (and, with `title`, whose current title there
   * contains it, case-insensitively), by last name, first name, id; at most `limit`; and how many match in all.
   */
  /** `startAfter`: only the employees after that profile in the listing's order (keyset paging, for bulk export). */
  companyEmployees(query: {
    companyId: string;
    title?: string;
    startAfter?: string;
    limit: number;
  }): Promise<{ employees: Employee[]; total: number }>;
  companyExists(companyId: string): Promise<boolean>;
}
