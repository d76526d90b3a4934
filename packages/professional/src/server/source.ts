import type { HistorySource } from '@socialquery/core/server';
import type { ProfessionalHistoryKind } from '../history.js';
import type { Employee, ProfileBase, ProfileSections, SectionName } from '../schemas.js';

/** A profile's base fields with the requested sections. */
export type StoredProfile = ProfileBase & Partial<ProfileSections>;

/**
 * Keyset position in a company's employees listing: the member's last and first names as the
 * store orders them (its sort keys, e.g. lower-cased), then the member id.
 */
export interface EmployeePosition {
  lastKey: string;
  firstKey: string;
  id: string;
}

/** One employee of a listing, with where it sits in the listing's order. */
export interface EmployeeEntry {
  position: EmployeePosition;
  employee: Employee;
}

/**
 * What a read of profiles includes beyond the answered fields: `extra` (the export's other
 * columns) when the request selects it (`fields=…,extra`); a read that does not ask never reads it.
 */
export interface ReadOptions {
  extra?: boolean | undefined;
}

/**
 * What the professional handlers need from a store. Usernames (public identifiers) match
 * case-insensitively; company ids exactly.
 */
export interface ProfessionalSource extends HistorySource<ProfessionalHistoryKind> {
  /** The profile with exactly the `sections` asked for, or undefined for an unknown username. */
  profile(
    query: { username: string; sections: readonly SectionName[] },
    options?: ReadOptions,
  ): Promise<StoredProfile | undefined>;
  /** The base fields of the profiles of these usernames that exist (one query), in any order. */
  profiles(usernames: readonly string[], options?: ReadOptions): Promise<ProfileBase[]>;
  /**
   * Members whose current position is at the company (and, with `title`, whose current title there
   * contains it, case-insensitively), by last name, first name, id; at most `limit`, strictly after
   * `after` in that order when given (keyset paging); and how many match in all (`after` aside).
   */
  companyEmployees(
    query: {
      companyId: string;
      title?: string;
      after?: EmployeePosition;
      limit: number;
    },
    options?: ReadOptions,
  ): Promise<{ entries: EmployeeEntry[]; total: number }>;
  companyExists(companyId: string): Promise<boolean>;
}
