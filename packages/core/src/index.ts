export { defineOperation, fillPath, flattenModules, parameterMaximum, queryParamNames } from './operation.js';
export type {
  AuthScheme,
  Contract,
  FlatContract,
  Operation,
  OperationArgs,
  OperationConfig,
  OperationParams,
  OperationResult,
  Paging,
} from './operation.js';
export {
  booleanParam,
  optionalBooleanParam,
  enumParam,
  idsParam,
  integerParam,
  optionalIntegerParam,
  optionalString,
  parseTimeBound,
  requiredString,
  TIME_BOUND_MAX_MS,
  timeBoundParam,
  parseRelativeTime,
  relativeTimeBoundParam,
  searchQueryParam,
} from './params.js';
export {
  parseSearchQuery,
  QUERY_CHECKED_PER_PAGE_MAX,
  QUERY_COMBINATIONS_MAX,
  QUERY_PREFIX_WORDS_MAX,
  QuerySyntaxError,
} from './query-language.js';
export type { QueryAlternative, QueryLanguageOptions, QueryTerm, SearchQuery } from './query-language.js';
export { isPlainWords, queryHolds, termHolds } from './query-match.js';
export type { FieldWords } from './query-match.js';
export type {
  IdsParamOptions,
  IntegerParamOptions,
  SearchQueryParamOptions,
  OptionalIntegerParamOptions,
  RelativeTime,
  TimeBound,
  TimeBoundParamOptions,
} from './params.js';
export {
  envelope,
  geoCodeParam,
  geoCodes,
  Image,
  languageParam,
  languages,
  pagedEnvelope,
  Pagination,
  Timestamp,
} from './schemas.js';
export type { GeoCode, Language } from './schemas.js';
export { ErrorBody, ErrorIssue } from './error-body.js';
export { errorCodes, isErrorCode, statusTitles } from './error-codes.js';
export type { ErrorCode } from './error-codes.js';
export {
  ApiResponseError,
  apiResponseErrorOf,
  NoResponseError,
  parseRetryAfter,
  RateLimitError,
  RequestAbortedError,
  RequestSetupError,
  SocialQueryClientError,
  UNEXPECTED_RESPONSE,
} from './client-errors.js';
export type { ApiErrorCode, ResponseHeaders } from './client-errors.js';
export { createTransport, DEFAULT_MAX_RETRY_WAIT_MS, DEFAULT_RETRY_DELAY_MS, DEFAULT_TIMEOUT_MS } from './transport.js';
export { splitLineBatches, splitLines } from './lines.js';
export type { RetryInfo, Transport, TransportOptions, TransportRequest } from './transport.js';
export { createClient } from './client.js';
export { paginate } from './paginate.js';
export type {
  CallOptions,
  ClientCredentials,
  ClientOptions,
  ContractClient,
  FieldsArg,
  ListingKeys,
  PagedKeys,
} from './client.js';
export {
  EXTRA_FIELD,
  extraField,
  FIELDS_MAX_LENGTH,
  fieldPaths,
  FieldsError,
  fieldsParam,
  fieldTreeOf,
  locateRecords,
  parseFields,
  pickFields,
  recordColumns,
  recordsOf,
  trimRecords,
} from './fields.js';
export type { FieldSelection, FieldTree, RecordOf, RecordsLocation, Select, Trimmed } from './fields.js';
export { EXPORT_ROWS_PER_UNIT, exportFormatParam, exportFormats, exportMediaTypes } from './export.js';
export type { ExportFormat } from './export.js';
export { formatBytes, termsOf, wordsOf } from './text.js';
export {
  defineHistoryOperation,
  HISTORY_DESCRIPTION,
  HISTORY_LIMIT_DEFAULT,
  HISTORY_LIMIT_MAX,
  HistoryData,
  historyKindsText,
  historyQuery,
  Observation,
} from './history.js';
export type { HistoryKinds } from './history.js';
