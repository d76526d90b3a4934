import type { professionalHistoryKinds } from '@socialquery/professional';
import type { ObservedKinds } from '../store-platform.js';

/** The professional network's records with counts over time (ObservedKind): profiles' connection count. */
export const professionalObserved = {
  profile: { table: 'professional_profiles', counts: { connection_count: 'connection_count' } },
} as const satisfies ObservedKinds<typeof professionalHistoryKinds>;
