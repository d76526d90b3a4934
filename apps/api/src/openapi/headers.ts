import type { oas31 } from 'zod-openapi';

const text = (description: string): oas31.HeaderObject => ({ description, schema: { type: 'string' } });
const integer = (description: string): oas31.HeaderObject => ({ description, schema: { type: 'integer', minimum: 0 } });

/** Response headers the service sets, documented once. */
export const headers = {
  requestId: text('Identifies the request in the service log; a well-formed incoming x-request-id is kept.'),
  etag: text('Weak validator of the JSON body; send it back in If-None-Match to get a 304 when nothing changed.'),
  cacheControl: text(
    '`private, no-cache`: clients may keep the body but revalidate it (If-None-Match) before each use.',
  ),
  wwwAuthenticate: text('Bearer challenge (RFC 6750).'),
  retryAfter: integer('Seconds to wait before retrying.'),
  rateLimitPolicy: text("The credential's budget: `<units>;w=<window seconds>`."),
  rateLimitLimit: integer("Units of the credential's budget per window."),
  rateLimitRemaining: integer('Units left in the current window.'),
  rateLimitReset: integer('Seconds until the window resets.'),
} as const;
