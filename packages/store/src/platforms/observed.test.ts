import { forumHistoryKinds } from '@socialquery/forum';
import { microblogHistoryKinds } from '@socialquery/microblog';
import { musicHistoryKinds } from '@socialquery/music';
import { professionalHistoryKinds } from '@socialquery/professional';
import { shortvideoHistoryKinds } from '@socialquery/shortvideo';
import { videoHistoryKinds } from '@socialquery/video';
import { storePlatforms } from './index.js';

/** What each platform package's history operation answers: its kinds, and each kind's counts. */
const ANSWERED: Record<string, Readonly<Record<string, readonly string[]>>> = {
  forum: forumHistoryKinds,
  microblog: microblogHistoryKinds,
  music: musicHistoryKinds,
  professional: professionalHistoryKinds,
  shortvideo: shortvideoHistoryKinds,
  video: videoHistoryKinds,
};

describe.each(storePlatforms.map((platform) => [platform.name, platform] as const))(
  '%s: the observed kinds are what its history operation answers',
  (name, platform) => {
    it('every kind the operation takes, each of its counts from a column of its table', () => {
      const answered = ANSWERED[name]!;
      expect(Object.keys(platform.observed).sort()).toEqual(Object.keys(answered).sort());
      const tables = platform.tables.map((table) => table.name as string);
      for (const [kind, { table, counts }] of Object.entries(platform.observed)) {
        expect(tables).toContain(table);
        const columns = Object.keys((platform.columnTypes as Record<string, object>)[table] ?? {});
        expect(columns).toEqual(expect.arrayContaining(Object.keys(counts)));
        expect(Object.values(counts).sort()).toEqual([...answered[kind]!].sort());
      }
    });
  },
);
