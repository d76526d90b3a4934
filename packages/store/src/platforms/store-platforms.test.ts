import { migrations } from '../migrations/index.js';
import { demoSets } from '../seed.js';
import { importers } from '../import/registry.js';
import { platformsByName } from '../mounted-platforms.js';
import type { Store } from '../store.js';
import { openTestStore } from '../testing.js';
import { platformNames, storePlatforms } from './index.js';

describe('the list of store platforms (run on each store kind)', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore();
  });
  afterAll(() => store.close());

  it('gives every platform a Source under its name and a mounted contract, in the list order', () => {
    expect(platformNames).toEqual(['forum', 'microblog', 'shortvideo', 'professional', 'video', 'music']);
    const mounted = platformsByName(store);
    expect(Object.keys(mounted)).toEqual(platformNames);
    for (const name of platformNames) {
      expect(typeof store[name]).toBe('object');
      expect(Object.keys(mounted[name].handlers).length).toBeGreaterThan(0);
    }
  });

  it("collects every platform's migrations, importers and demo set, each under its own platform", () => {
    for (const platform of storePlatforms) {
      for (const [name, migration] of Object.entries(platform.migrations)) expect(migrations[name]).toBe(migration);
      for (const importer of platform.importers) {
        expect(importer.platform).toBe(platform.name);
        expect(importers).toContain(importer);
      }
      expect(platform.demo.name).toBe(platform.name);
    }
    expect(demoSets.map((set) => set.name)).toEqual(platformNames);
    expect(importers).toHaveLength(storePlatforms.reduce((n, platform) => n + platform.importers.length, 0));
    expect(Object.keys(migrations)).toEqual([...Object.keys(migrations)].sort());
  });

  it('lists only tables the migrations made', async () => {
    for (const { name } of storePlatforms.flatMap((platform) => platform.tables)) {
      await expect(store.db.selectFrom(name).selectAll().limit(1).execute()).resolves.toEqual(expect.any(Array));
    }
  });

  it("is not empty once any platform holds data, not only the forum's", async () => {
    expect(await store.isEmpty()).toBe(true);
    await store.seedDemo({ only: ['professional'], now: new Date('2026-03-01T00:00:00.000Z') });
    expect(await store.isEmpty()).toBe(false);
    expect(Object.keys(await store.examples())).toEqual(['professional']);
  });
});
