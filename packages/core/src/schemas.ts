import { z } from 'zod';
import { enumParam } from './params.js';

/** Image: url, width, height (shared sub-objects). */
export const Image = z.object({ url: z.string(), width: z.number(), height: z.number() });
export type Image = z.infer<typeof Image>;

/** `pagination` of paged video operations. */
export const Pagination = z.object({
  total: z.number(),
  hasMore: z.boolean(),
  paginationToken: z.string(),
});
export type Pagination = z.infer<typeof Pagination>;

/** The video/music envelope `{ message, statusCode, data }` around a payload schema. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ message: z.string(), statusCode: z.literal(200), data });
}

/** The video envelope with `pagination`. */
export function pagedEnvelope<T extends z.ZodType>(data: T) {
  return envelope(data).extend({ pagination: Pagination });
}

export const geoCodes = [
  'US',
  'AE',
  'AR',
  'AT',
  'AU',
  'AZ',
  'BD',
  'BE',
  'BG',
  'BR',
  'CA',
  'CH',
  'CL',
  'CO',
  'CZ',
  'DE',
  'DK',
  'DO',
  'DZ',
  'EC',
  'EG',
  'ES',
  'FI',
  'FR',
  'GB',
  'GH',
  'GR',
  'GT',
  'HK',
  'HN',
  'HR',
  'HU',
  'ID',
  'IE',
  'IL',
  'IN',
  'IQ',
  'IT',
  'JP',
  'KE',
  'KR',
  'LB',
  'LT',
  'LV',
  'MA',
  'MX',
  'MY',
  'NG',
  'NL',
  'NO',
  'NZ',
  'PE',
  'PH',
  'PK',
  'PL',
  'PT',
  'RO',
  'RU',
  'SA',
  'SE',
  'SG',
  'TH',
  'TR',
  'TW',
  'UA',
  'VE',
  'VN',
  'ZA',
] as const;
export type GeoCode = (typeof geoCodes)[number];

export const languages = [
  'ar',
  'az',
  'bg',
  'bn',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'en-GB',
  'en-IE',
  'en-NZ',
  'en-SG',
  'es',
  'es-419',
  'fi',
  'fil',
  'fr',
  'he',
  'hi',
  'hr',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'ms',
  'nl',
  'no',
  'pl',
  'pt-BR',
  'pt-PT',
  'ro',
  'ru',
  'sv',
  'th',
  'tr',
  'uk',
  'ur',
  'vi',
  'zh-Hant',
] as const;
export type Language = (typeof languages)[number];

/** `geoCode` query parameter, default US. */
export const geoCodeParam = () => enumParam(geoCodes, 'US');
/** `language` query parameter, default en. */
export const languageParam = () => enumParam(languages, 'en');

/** ISO 8601 UTC timestamp with milliseconds, as every timestamp field carries it. */
export const Timestamp = z.iso.datetime();
