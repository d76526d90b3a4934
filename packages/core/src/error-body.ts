import { z } from 'zod';

/** One parameter problem: `path` names the parameter (`limit`, `community`). */
export const ErrorIssue = z.object({ path: z.string(), message: z.string() });

/** The one error body of every group and status. */
export const ErrorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  code: z.string(),
  message: z.string(),
  issues: z.array(ErrorIssue).optional(),
  requestId: z.string(),
  /** Only on the professional group's errors. */
  success: z.literal(false).optional(),
});

export type ErrorIssue = z.infer<typeof ErrorIssue>;
export type ErrorBody = z.infer<typeof ErrorBody>;
