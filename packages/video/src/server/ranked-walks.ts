import type { Ranking } from './source.js';

/**
 * The rankings of recent search walks (a first page and the pages its tokens lead to), so that a
 * later page is a slice of its first page's ranking instead of a new one. A ranking costs in
 * proportion to the matches (every match is scored and counted), a slice nothing; and the pages of
 * one walk cannot skip or repeat a video when the store changes between them, as a new ranking at
 * the next offset could. A first page always ranks afresh (a new search sees the store as it is);
 * a later page whose walk is no longer kept (least recently used beyond `maxWalks`, older than
 * `ttlMs`, or walked on another replica) ranks again, as every page did before. The same search
 * started anew within the same minute is the same walk (its tokens are the same): its first page
 * replaces the kept ranking, for both.
 */
export class RankedWalks {
  private readonly walks = new Map<string, Ranking & { storedAt: number }>();

  constructor(
    private readonly maxWalks = 32,
    private readonly ttlMs = 10 * 60_000,
  ) {}

  get(key: string, now: number): Ranking | undefined {
    const walk = this.walks.get(key);
    if (!walk) return undefined;
    this.walks.delete(key);
    if (now - walk.storedAt > this.ttlMs) return undefined;
    this.walks.set(key, walk); // most recently used last
    return walk;
  }

  set(key: string, ranking: Ranking, now: number): void {
    this.walks.delete(key);
    this.walks.set(key, { ...ranking, storedAt: now });
    for (const oldest of this.walks.keys()) {
      if (this.walks.size <= this.maxWalks) break;
      this.walks.delete(oldest);
    }
  }
}
