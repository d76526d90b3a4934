import { describeDiskFull, syncDiskFullMessage } from './disk-full.js';

const error = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
const MiB = 1024 * 1024;
const store = (free?: number) => ({
  description: 'sqlite:./data/socialquery.db',
  diskUsage: async () => ({ bytes: 130 * MiB, ...(free === undefined ? {} : { free }) }),
  isDiskFullError: (cause: unknown) => cause === error,
});

describe('syncDiskFullMessage', () => {
  it('names the store and what is free, and says where the target stands; without free space where it is not known', async () => {
    expect(await syncDiskFullMessage(store(12 * MiB), error)).toBe(
      'the store sqlite:./data/socialquery.db ran out of disk space (database or disk is full); 12.0 MiB free there now. ' +
        'The page being written was not stored (the ones before it were): free space, then run the target again; ' +
        'it goes on from where its last finished run left off',
    );
    const unknown = { description: 'postgres://db/sq', diskUsage: () => Promise.reject(new Error('gone')) };
    expect(await syncDiskFullMessage(unknown, error)).toMatch(
      /^the store postgres:\/\/db\/sq ran out of disk space \(database or disk is full\)\. The page being written/,
    );
  });
});

describe('describeDiskFull', () => {
  it("describes a full disk with the store's message, and leaves any other failure to its own", async () => {
    const describeError = describeDiskFull(store(12 * MiB));
    expect(await describeError(error)).toBe(await syncDiskFullMessage(store(12 * MiB), error));
    expect(await describeError(new Error('database is locked'))).toBeUndefined();
  });
});
