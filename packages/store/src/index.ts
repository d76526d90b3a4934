export { openStore } from './store.js';
export type { OpenStoreOptions, Store } from './store.js';
export { freeNow, outOfSpace } from './disk-full.js';
export { DEFAULT_STORE_ADDRESS, describeAddress, formatStoreAddress, parseStoreAddress, redact } from './address.js';
export type { DialectOptions } from './dialect/options.js';
export type { Dialect, StoreKind } from './dialect/index.js';
export type { StoreAddress } from './address.js';
export { credentialKinds, hashSecret } from './credentials.js';
export type { CreatedCredential, CredentialInfo, CredentialStore } from './credentials.js';
export type {
  CredentialKind,
  Database,
  PlatformTableName,
  PlatformTables,
  SyncLeaseTable,
  SyncTargetsTable,
} from './schema.js';
export type { SettingsStore } from './settings.js';
export type { SeedOptions, SeedReport } from './seed.js';
export { demoSize, FIRST_RUN_DEMO_SCALES, parseDemoScales } from './seed.js';
export type { Examples } from './examples.js';
export type { MigrationReport } from './migrations/index.js';
export { migrations } from './migrations/index.js';
export { toForumCommentRow, toForumRow, upsertForumCommentRows, upsertForumRows } from './platforms/forum/rows.js';
export type { ForumCommentInput, ForumPostInput } from './platforms/forum/rows.js';
export {
  toMicroblogFollowRow,
  toMicroblogMessageRow,
  toMicroblogUserRow,
  upsertMicroblogFollowRows,
  upsertMicroblogMessageRows,
  upsertMicroblogUserRows,
} from './platforms/microblog/rows.js';
export type { MicroblogFollowInput, MicroblogMessageInput, MicroblogUserInput } from './platforms/microblog/rows.js';
export {
  toShortVideoCommentRow,
  toShortVideoRow,
  upsertShortVideoCommentRows,
  upsertShortVideoRows,
} from './platforms/shortvideo/rows.js';
export type { ShortVideoCommentInput, ShortVideoInput } from './platforms/shortvideo/rows.js';
export {
  toProfessionalCompanyRow,
  toProfessionalPositionRow,
  toProfessionalProfileRow,
  upsertProfessionalCompanyRows,
  upsertProfessionalPositionRows,
  upsertProfessionalProfileRows,
} from './platforms/professional/rows.js';
export type {
  ProfessionalCompanyInput,
  ProfessionalPositionInput,
  ProfessionalProfileInput,
} from './platforms/professional/rows.js';
export { upsertVideoChannelRows, upsertVideoChartRows, upsertVideoRows } from './platforms/video/rows.js';
export { assignMusicNums, musicNameColumns, upsertMusicRows } from './platforms/music/rows.js';
export type { MusicNumberedTable, MusicWrittenTable } from './platforms/music/rows.js';
export { recomputeMusicDerived, recomputeMusicDerivedIn } from './platforms/music/derived.js';
export type { MusicDerivedReport } from './platforms/music/derived.js';
export type { MusicExamples } from './platforms/music/examples.js';
export { copyStore, copiedTables, INDEXES, unfinishedCopyOf } from './copy.js';
export type { CopyProgress } from './copy.js';
export {
  ImportAbortedError,
  ImportInputError,
  importData,
  importDocuments,
  importers,
  findImporter,
  importPlatforms,
} from './import/index.js';
export type {
  Importer,
  ImportDocumentsOptions,
  ImportItem,
  ImportOptions,
  ImportPrune,
  ImportRow,
  ImportSummary,
  ImportTable,
  ReadProgress,
  TableCounts,
} from './import/index.js';
export { platformsByName } from './mounted-platforms.js';
export { platformNames, storePlatforms } from './platforms/index.js';
export type { PlatformName, PlatformSources } from './platforms/index.js';
export { defineStorePlatform } from './platforms/store-platform.js';
export type {
  ObservedKind,
  ObservedKinds,
  PlatformTable,
  StorePlatform,
  StorePlatformOptions,
} from './platforms/store-platform.js';
