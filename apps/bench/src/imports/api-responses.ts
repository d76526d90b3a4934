import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/** Inputs of the video and track import cases: the platforms' API responses, as a client that saved them holds them. */
export type ResponseShape = 'youtube' | 'spotify';
export const RESPONSE_SHAPES: readonly ResponseShape[] = ['youtube', 'spotify'];

/** Records a response holds (both APIs' page size at its largest). */
const PER_RESPONSE = 50;

/**
 * Writes `records` generated records as the platform's API responses, one response per line
 * (NDJSON, 50 records each), deterministically:
 * - youtube: `videos.list` responses with every part a key reads (`snippet,contentDetails,statistics,status`):
 *   titles of 4 to 9 and channel names of 2 Zipf-distributed words (a vocabulary of 6,000), 2,000
 *   channels, views, durations, 2 % of the videos blocked in two regions; descriptions of 10 to 169
 *   words (a fifth empty) and a link, repeated in `localized` as the API does, 0 to 14 tags, the
 *   five thumbnail sizes, like and comment counts, category, language and status fields
 *   (~2.3 KB an item, as real ones); about 8 search postings a video;
 * - spotify: search responses (`{tracks: {items}}`): tracks named 1 to 4 words, each with its
 *   album (8,000) and one artist, a fifth of them a second (3,000 artists); about 9 postings a
 *   track with its prefix and whole-name postings. Each object has the fields the Web API gives it
 *   (`external_urls`, `href`, `uri`, the album's three cover sizes, `available_markets` on the
 *   track and its album, `is_local`, `is_playable`, `preview_url`…), so what the importer keeps
 *   as `extra` is as large as real (~3.5 KB a track, most of it the two market lists).
 */
export async function writeApiResponses(file: string, shape: ResponseShape, records: number): Promise<void> {
  const words = wordSource(shape === 'youtube' ? 42 : 7, shape === 'youtube' ? 6_000 : 4_000, shape === 'youtube');
  const out = createWriteStream(file);
  for (let first = 0; first < records; first += PER_RESPONSE) {
    const count = Math.min(PER_RESPONSE, records - first);
    const response =
      shape === 'youtube' ? videosListResponse(words, first, count) : searchResponse(words, first, count, records);
    if (!out.write(`${JSON.stringify(response)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

interface Words {
  random(): number;
  pick<T>(list: readonly T[]): T;
  /** A word, the first ones of the vocabulary far more often than the last (as in titles). */
  word(): string;
  /** `least` to `least + more - 1` words joined by spaces. */
  words(least: number, more: number, shape?: (word: string) => string): string;
}

function wordSource(seed: number, size: number, numbered: boolean): Words {
  let state = seed;
  // a linear congruential generator: the same file on every machine
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const syllables = [
    'ka',
    'lo',
    'mi',
    'ra',
    'te',
    'su',
    'no',
    'vi',
    'de',
    'po',
    'li',
    'an',
    'or',
    'en',
    'ba',
    'zu',
    'chi',
    'el',
  ];
  const vocabulary = Array.from({ length: size }, (_, i) => {
    let word = '';
    for (let j = 0; j < 2 + (i % 3); j++) word += pick(syllables);
    return numbered && i % 7 === 0 ? `${word}${i}` : word;
  });
  const word = () => vocabulary[Math.min(size - 1, Math.floor(random() ** 2.2 * size))]!;
  const words = (least: number, more: number, shape = (w: string) => w) =>
    Array.from({ length: least + Math.floor(random() * more) }, () => shape(word())).join(' ');
  return { random, pick, word, words };
}

const capital = (text: string) => text[0]!.toUpperCase() + text.slice(1);

const channelsBySource = new WeakMap<Words, { id: string; name: string }[]>();

function videosListResponse(w: Words, first: number, count: number) {
  let channels = channelsBySource.get(w);
  if (!channels) {
    channels = Array.from({ length: 2_000 }, (_, i) => ({
      id: `UC${String(i).padStart(22, 'x')}`,
      name: `${w.word()} ${w.word()}`,
    }));
    channelsBySource.set(w, channels);
  }
  const items = [];
  for (let k = first; k < first + count; k++) {
    const channel = w.pick(channels);
    const title = w.words(4, 6);
    const publishedAt = new Date(Date.UTC(2015, 0, 1) + Math.floor(w.random() * 3.5e11)).toISOString();
    const duration = `PT${1 + Math.floor(w.random() * 20)}M${Math.floor(w.random() * 60)}S`;
    const blocked = w.random() < 0.02 ? { regionRestriction: { blocked: ['DE', 'FR'] } } : {};
    const viewCount = String(Math.floor(w.random() ** 4 * 1e8));
    const id = `v${String(k).padStart(10, '0')}`;
    const description = w.random() < 0.2 ? '' : `${w.words(10, 160)}\n\nhttps://example.com/${channel.id}/${k}`;
    const thumbnail = (name: string, width: number, height: number) => ({
      url: `https://i.ytimg.com/vi/${id}/${name}.jpg`,
      width,
      height,
    });
    items.push({
      kind: 'youtube#video',
      etag: `e${k}`,
      id,
      snippet: {
        publishedAt,
        channelId: channel.id,
        title,
        description,
        thumbnails: {
          default: thumbnail('default', 120, 90),
          medium: thumbnail('mqdefault', 320, 180),
          high: thumbnail('hqdefault', 480, 360),
          standard: thumbnail('sddefault', 640, 480),
          maxres: thumbnail('maxresdefault', 1280, 720),
        },
        channelTitle: channel.name,
        tags: Array.from({ length: Math.floor(w.random() * 15) }, () => w.words(1, 3)),
        categoryId: String(1 + Math.floor(w.random() * 29)),
        liveBroadcastContent: 'none',
        defaultAudioLanguage: 'en',
        localized: { title, description },
      },
      contentDetails: {
        duration,
        dimension: '2d',
        definition: w.random() < 0.8 ? 'hd' : 'sd',
        caption: w.random() < 0.3 ? 'true' : 'false',
        licensedContent: w.random() < 0.5,
        contentRating: {},
        projection: 'rectangular',
        ...blocked,
      },
      statistics: {
        viewCount,
        likeCount: String(Math.floor(Number(viewCount) / 40)),
        favoriteCount: '0',
        commentCount: String(Math.floor(Number(viewCount) / 900)),
      },
      status: {
        uploadStatus: 'processed',
        privacyStatus: 'public',
        license: 'youtube',
        embeddable: true,
        publicStatsViewable: true,
        madeForKids: false,
      },
    });
  }
  return { kind: 'youtube#videoListResponse', items };
}

/** The markets a track is sold in, as the Web API lists them (most catalog tracks: nearly every market). */
const MARKETS = (
  'AD AE AG AL AM AO AR AT AU AZ BA BB BD BE BF BG BH BI BJ BN BO BR BS BT BW BY BZ CA CD CG CH CI CL CM CO CR CV ' +
  'CW CY CZ DE DJ DK DM DO DZ EC EE EG ES ET FI FJ FM FR GA GB GD GE GH GM GN GQ GR GT GW GY HK HN HR HT HU ID IE ' +
  'IL IN IQ IS IT JM JO JP KE KG KH KI KM KN KR KW KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MG MH MK ML MN ' +
  'MO MR MT MU MV MW MX MY MZ NA NE NG NI NL NO NP NR NZ OM PA PE PG PH PK PL PR PS PT PW PY QA RO RS RW SA SB SC ' +
  'SE SG SI SK SL SM SN SR ST SV SZ TD TG TH TJ TL TN TO TR TT TV TW TZ UA UG US UY UZ VC VE VN VU WS XK ZA ZM ZW'
).split(' ');

/** The fields every Spotify object of a kind has besides its own: its addresses. */
const addresses = (kind: 'artist' | 'album' | 'track', id: string) => ({
  external_urls: { spotify: `https://open.spotify.com/${kind}/${id}` },
  href: `https://api.spotify.com/v1/${kind}s/${id}`,
  uri: `spotify:${kind}:${id}`,
});

interface Catalog {
  artists: { id: string; name: string; type: 'artist' }[];
  albums: { id: string; name: string; artists: { id: string; name: string; type: 'artist' }[] }[];
}
const catalogsBySource = new WeakMap<Words, Catalog>();

function searchResponse(w: Words, first: number, count: number, total: number) {
  let catalog = catalogsBySource.get(w);
  if (!catalog) {
    const artists = Array.from({ length: 3_000 }, (_, i) => {
      const id = `ar${String(i).padStart(20, 'x')}`;
      return {
        ...addresses('artist', id),
        id,
        name: `${capital(w.word())} ${capital(w.word())}`,
        type: 'artist' as const,
      };
    });
    const albums = Array.from({ length: 8_000 }, (_, i) => {
      const id = `al${String(i).padStart(20, 'x')}`;
      const cover = (size: number) => ({
        url: `https://i.scdn.co/image/ab67616d0000b273${id}${size}`,
        height: size,
        width: size,
      });
      return {
        album_type: 'album',
        total_tracks: 12,
        available_markets: MARKETS,
        ...addresses('album', id),
        id,
        images: [cover(640), cover(300), cover(64)],
        name: w.words(1, 3, capital),
        release_date: `${2000 + Math.floor(w.random() * 24)}-0${1 + Math.floor(w.random() * 9)}-1${Math.floor(w.random() * 9)}`,
        release_date_precision: 'day',
        type: 'album',
        artists: [w.pick(artists)],
        is_playable: true,
      };
    });
    catalog = { artists, albums };
    catalogsBySource.set(w, catalog);
  }
  const items = [];
  for (let k = first; k < first + count; k++) {
    const album = w.pick(catalog.albums);
    const featured = w.random() < 0.2 ? [w.pick(catalog.artists)] : [];
    const id = `tr${String(k).padStart(20, 'x')}`;
    items.push({
      album,
      artists: [album.artists[0]!, ...featured],
      available_markets: MARKETS,
      disc_number: 1,
      duration_ms: 120_000 + Math.floor(w.random() * 200_000),
      explicit: w.random() < 0.1,
      external_ids: { isrc: `US${k}` },
      ...addresses('track', id),
      id,
      is_local: false,
      is_playable: true,
      name: w.words(1, 4, capital),
      popularity: Math.floor(w.random() * 100),
      preview_url: null,
      track_number: 1 + (k % 12),
      type: 'track',
    });
  }
  const href = 'https://api.spotify.com/v1/search?q=x&type=track';
  return { tracks: { href, items, limit: PER_RESPONSE, offset: first, total } };
}
