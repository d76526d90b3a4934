import { diskFullMessage } from './disk-full.js';

const error = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
const store = (bytes: number, free?: number) => ({
  description: 'sqlite:./data/socialquery.db',
  diskUsage: async () => ({ bytes, ...(free === undefined ? {} : { free }) }),
});
const MiB = 1024 * 1024;

describe('diskFullMessage', () => {
  it('scales what the store grew by to the whole input, and says what is free', async () => {
    const read = { bytesRead: 25 * MiB, totalBytes: 100 * MiB };
    expect(await diskFullMessage(store(130 * MiB, 512 * 1024), 100 * MiB, read, error)).toBe(
      'the store sqlite:./data/socialquery.db ran out of disk space (database or disk is full) after 25 % of the ' +
        "input, for which it had grown by 30.0 MiB: the whole import needs about 120.0 MiB on the store's disk; " +
        '512.0 KiB free there now. Nothing of this import was written (the store is as it was): free space, then run it again',
    );
  });

  it('a bound, not an estimate, once most of the input was read; no estimate before 1 %, none of free space where it is not known', async () => {
    const late = await diskFullMessage(store(150 * MiB), 100 * MiB, { bytesRead: 95, totalBytes: 100 }, error);
    expect(late).toContain(
      'after 95 % of the input, for which it had grown by 50.0 MiB: the whole import needs more than 52.6 MiB',
    );
    expect(late).not.toContain('free there');
    const early = await diskFullMessage(store(101 * MiB, 0), 100 * MiB, { bytesRead: 0, totalBytes: 100 }, error);
    expect(early).toBe(
      'the store sqlite:./data/socialquery.db ran out of disk space (database or disk is full); 0 B free there now. ' +
        'Nothing of this import was written (the store is as it was): free space, then run it again',
    );
  });
});
