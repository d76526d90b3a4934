import { defineHistoryOperation, type HistoryKinds } from '@socialquery/core';
import { z } from 'zod';

/** The professional network's records with counts over time (a profile, by its `id`), and their counts' names. */
export const professionalHistoryKinds = { profile: ['connection_count'] } as const satisfies HistoryKinds;
export type ProfessionalHistoryKind = keyof typeof professionalHistoryKinds;

export const history = defineHistoryOperation({
  platform: 'professional',
  kinds: professionalHistoryKinds,
  auth: 'apiKey',
  wrap: (data) => z.object({ success: z.literal(true), cost: z.number().int(), data }),
  next: ['data', 'cursor'],
  summary: "A profile's connection count over time",
  // every error of the group carries `success: false`; a history costs 1
  extras: { errorExtras: { success: false } },
});
