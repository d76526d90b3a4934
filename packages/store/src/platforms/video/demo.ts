/**
 * Deterministic video-platform demo data: 1,000 channels and 50,000 videos per unit of scale in
 * ten niches, titles from per-niche templates over a shared vocabulary (so a keyword such as
 * "recipe" or "guitar" has many pages), published over the two years before `now` (skewed to
 * recent: dozens in the last hour), about 3 % movies, some videos blocked in a few regions; and
 * short-song charts (top 20) DAILY and WEEKLY for every chart country, for the last 60 days up to
 * `now` and for 2025-10-07 … 2025-12-06 (around 2025-11-06), simulated day by day over one
 * continuous span so that previous positions and periods on chart agree across consecutive dates.
 * Songs are the platform's music videos (every 167th video), released when their video was.
 */
import type { VideoChannelsTable, VideoChartEntriesTable, VideoVideosTable } from '../../schema.js';
import { createRandom, mix } from '../../demo/random.js';

export interface VideoDemoOptions {
  now: Date;
  scale: number;
}

export const VIDEO_CHANNELS_PER_SCALE = 1_000;
export const VIDEOS_PER_SCALE = 50_000;
export const CHART_SIZE = 20;
export const CHART_COUNTRIES = [
  'global',
  'au',
  'br',
  'ca',
  'fr',
  'de',
  'in',
  'jp',
  'mx',
  'kr',
  'ae',
  'gb',
  'us',
] as const;
/** Every 167th video is a song's music video. */
export const SONG_EVERY = 167;
const DAY_MS = 86_400_000;
const MAX_AGE_S = 730 * 86_400 - 3_600;
/** The fixed chart period around the default chart date 2025-11-06 (inclusive). */
const FIXED_FROM = Date.UTC(2025, 9, 7);
const FIXED_TO = Date.UTC(2025, 11, 6);
/** Weekly charts fall on the weekday of 2025-11-06 (a Thursday). */
const WEEKLY_ANCHOR = Date.UTC(2025, 10, 6);
const RECENT_DAYS = 60;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** `value` as `length` characters of the id alphabet (letters, digits, - and _), lowest digit first. */
export function encode(value: number, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    out += ALPHABET[value % 64]!;
    value = (value - (value % 64)) / 64; // an integer division without a read of the global Math (see demo/random.ts)
  }
  return out;
}

/** 11 characters, unique per ordinal (the first five encode it). */
export function videoIdOf(ordinal: number): string {
  return encode(ordinal, 5) + encode(mix(0x71de0, ordinal) % 64 ** 5, 5) + ALPHABET[mix(0x71de1, ordinal) % 64]!;
}
export function channelIdOf(ordinal: number): string {
  return `UC${encode(ordinal, 4)}${encode(mix(0xc4a11, ordinal) % 64 ** 5, 5)}${encode(mix(0xc4a12, ordinal) % 64 ** 5, 5)}${encode(mix(0xc4a13, ordinal) % 64 ** 4, 4)}${encode(mix(0xc4a14, ordinal) % 64 ** 4, 4)}`;
}

interface Niche {
  channelWords: readonly string[];
  channelSuffixes: readonly string[];
  titles: readonly string[];
  words: Record<string, readonly string[]>;
}

const NICHES: readonly Niche[] = [
  {
    channelWords: ['Golden', 'Rustic', 'Happy', 'Spicy', 'Little', 'Sunday'],
    channelSuffixes: ['Kitchen', 'Recipes', 'Cooking', 'Bakes'],
    titles: [
      'Easy {dish} recipe in {n} minutes',
      'The best {dish} recipe ever',
      'How to make {dish} at home',
      '{dish} recipe for beginners',
      'Healthy {dish} meal prep',
      'Crispy {dish} recipe with {ingredient}',
    ],
    words: {
      dish: ['pasta', 'pizza', 'curry', 'ramen', 'pancakes', 'lasagna', 'tacos', 'bread', 'chicken', 'salad'],
      ingredient: ['garlic', 'lemon', 'cheese', 'butter', 'honey', 'chili'],
    },
  },
  {
    channelWords: ['Pixel', 'Epic', 'Retro', 'Shadow', 'Turbo', 'Noob'],
    channelSuffixes: ['Gaming', 'Plays', 'Arcade', 'Games'],
    titles: [
      '{game} gameplay walkthrough part {n}',
      '{game} speedrun world record',
      'Top 10 {game} tips for beginners',
      '{game} boss fight guide',
      'I played {game} for 100 days',
      '{game} ranked gameplay highlights',
    ],
    words: { game: ['minecraft', 'fortnite', 'zelda', 'elden ring', 'tetris', 'mario kart', 'valorant', 'roblox'] },
  },
  {
    channelWords: ['Acoustic', 'Midnight', 'Velvet', 'Indie', 'Blue'],
    channelSuffixes: ['Music', 'Sessions', 'Guitar', 'Studio'],
    titles: [
      '{song} guitar tutorial',
      'How to play {song} on piano',
      '{song} acoustic cover',
      'Learn {instrument} in {n} days',
      '{instrument} lesson for beginners',
      'Live {instrument} session: {song}',
    ],
    words: {
      song: ['summer rain', 'neon lights', 'city of stars', 'wild hearts', 'golden hour', 'paper planes'],
      instrument: ['guitar', 'piano', 'drums', 'violin', 'ukulele', 'bass'],
    },
  },
  {
    channelWords: ['Wander', 'Nomad', 'Backpack', 'Globe', 'Far'],
    channelSuffixes: ['Travels', 'Trips', 'Explorer', 'Journeys'],
    titles: [
      '{city} travel guide {year}',
      '{n} days in {city} on a budget',
      'Best street food in {city}',
      'Things to do in {city}',
      '{city} travel vlog',
      'First time in {city}',
    ],
    words: {
      city: ['tokyo', 'paris', 'lisbon', 'bangkok', 'istanbul', 'mexico city', 'seoul', 'rome'],
      year: ['2025', '2026'],
    },
  },
  {
    channelWords: ['Iron', 'Lean', 'Daily', 'Core', 'Flex'],
    channelSuffixes: ['Fitness', 'Workout', 'Training', 'Gym'],
    titles: [
      '{n} minute {body} workout at home',
      'Full {body} workout no equipment',
      '{body} workout for beginners',
      'Yoga for {body} flexibility',
      'HIIT cardio workout {n} minutes',
      'My {body} training routine',
    ],
    words: { body: ['abs', 'legs', 'back', 'arms', 'full body', 'glutes', 'shoulders'] },
  },
  {
    channelWords: ['Byte', 'Tech', 'Circuit', 'Silicon', 'Gadget'],
    channelSuffixes: ['Reviews', 'Tech', 'Labs', 'Unboxed'],
    titles: [
      '{gadget} review after {n} months',
      '{gadget} unboxing and first impressions',
      'Best {gadget} to buy in {year}',
      '{gadget} vs {gadget2} comparison',
      'Is the new {gadget} worth it',
      'Python tutorial for beginners part {n}',
    ],
    words: {
      gadget: ['iphone', 'pixel phone', 'laptop', 'headphones', 'smartwatch', 'camera', 'tablet'],
      gadget2: ['galaxy phone', 'macbook', 'earbuds', 'drone'],
      year: ['2025', '2026'],
    },
  },
  {
    channelWords: ['Handy', 'Weekend', 'Workshop', 'Maker', 'Garage'],
    channelSuffixes: ['DIY', 'Builds', 'Crafts', 'Workshop'],
    titles: [
      'DIY {thing} build from scrap wood',
      'How to fix a {thing}',
      'Building a {thing} in {n} hours',
      'Easy {thing} woodworking project',
      '{thing} restoration timelapse',
    ],
    words: { thing: ['bookshelf', 'workbench', 'bicycle', 'garden bed', 'coffee table', 'lamp', 'guitar stand'] },
  },
  {
    channelWords: ['Curious', 'Cosmic', 'Quantum', 'Deep', 'Bright'],
    channelSuffixes: ['Science', 'Explained', 'Academy', 'Lab'],
    titles: [
      '{topic} explained in {n} minutes',
      'Why {topic} matters',
      'The science of {topic}',
      'Documentary: {topic}',
      '{topic} for kids',
    ],
    words: { topic: ['black holes', 'volcanoes', 'climate change', 'dinosaurs', 'the moon', 'ocean currents', 'dna'] },
  },
  {
    channelWords: ['Smart', 'Frugal', 'Wealthy', 'Money', 'Future'],
    channelSuffixes: ['Finance', 'Money', 'Invest', 'Capital'],
    titles: [
      'How to invest in {asset} in {year}',
      '{asset} explained for beginners',
      'Budget tips to save {n} percent',
      'Passive income with {asset}',
      '{asset} market update',
    ],
    words: { asset: ['stocks', 'index funds', 'real estate', 'bonds', 'crypto', 'gold'], year: ['2025', '2026'] },
  },
  {
    channelWords: ['Silly', 'Laugh', 'Prank', 'Sketch', 'Funny'],
    channelSuffixes: ['Comedy', 'Show', 'Crew', 'Studios'],
    titles: [
      'Funny {animal} compilation part {n}',
      '{animal} try not to laugh challenge',
      'Stand up comedy about {theme}',
      'Sketch: {theme} gone wrong',
      'Best {animal} fails',
    ],
    words: {
      animal: ['cat', 'dog', 'parrot', 'goat', 'hamster'],
      theme: ['dating', 'airports', 'office life', 'family dinners', 'road trips'],
    },
  },
];
const MOVIE_TITLES = [
  'The Last {word}',
  'Return of the {word}',
  'Beyond the {word}',
  'A {word} in Winter',
  'Night of the {word}',
];
const MOVIE_WORDS = ['Horizon', 'Lighthouse', 'Stranger', 'Garden', 'Empire', 'River', 'Detective'];
const SONG_TITLES = [
  'Summer Rain',
  'Neon Lights',
  'Golden Hour',
  'Paper Planes',
  'Wild Hearts',
  'Midnight Drive',
  'Satellite',
  'Ocean Eyes',
  'Firework Sky',
  'Slow Motion',
  'Electric Love',
  'Heatwave',
];
const FIRST = [
  'Maya',
  'Leo',
  'Aria',
  'Noah',
  'Zoe',
  'Kai',
  'Luna',
  'Omar',
  'Ines',
  'Jonas',
  'Sofia',
  'Ravi',
  'Hana',
  'Mateo',
];
const LAST = [
  'Reyes',
  'Kim',
  'Novak',
  'Silva',
  'Berg',
  'Okafor',
  'Tanaka',
  'Moreau',
  'Singh',
  'Costa',
  'Weber',
  'Haddad',
];
const BLOCKS = ['', '', '', ',DE,', ',US,CA,', ',CN,RU,', ',FR,DE,IT,'] as const;

function render(
  template: string,
  words: Record<string, readonly string[]>,
  pick: (list: readonly string[]) => string,
  n: number,
): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'n' ? String(n) : pick(words[name] ?? ['video']),
  );
}

function titleCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function channelNameOf(ordinal: number): string {
  const niche = NICHES[ordinal % NICHES.length]!;
  const rng = createRandom(mix(0xc4a70, ordinal));
  const base = `${rng.pick(niche.channelWords)} ${rng.pick(niche.channelSuffixes)}`;
  return ordinal < NICHES.length * 6 ? base : `${base} ${Math.floor(ordinal / 10) + 1}`;
}

/**
 * Channels and videos at a scale: a positive integer, or a fraction below 1 (a smaller set for a
 * first try); the charts then rank the songs among the videos there are.
 */
const channelsAt = (scale: number) => Math.max(NICHES.length, Math.round(VIDEO_CHANNELS_PER_SCALE * scale));
export const videosAt = (scale: number) => Math.max(CHART_SIZE * SONG_EVERY, Math.round(VIDEOS_PER_SCALE * scale));

export function* videoDemoChannels({ scale }: VideoDemoOptions): Generator<VideoChannelsTable> {
  for (let c = 0; c < channelsAt(scale); c++) {
    // no source item: the answers show the demo's derived pictures (packages/video/src/server/text.ts)
    yield {
      id: channelIdOf(c),
      name: channelNameOf(c),
      verified: mix(0xc4a99, c) % 5 === 0 ? 1 : 0,
      thumbnails: '',
      extra: '',
    };
  }
}

function songOf(ordinal: number) {
  const rng = createRandom(mix(0x5016, ordinal));
  const person = () => `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
  return {
    title: rng.pick(SONG_TITLES),
    songwriters: [person(), ...(rng.chance(0.6) ? [person()] : [])],
    producers: [person(), ...(rng.chance(0.3) ? [person()] : [])],
  };
}

/** The video of an ordinal: the same at every `now` except `published_at` (now minus a fixed age). */
export function videoRowOf(ordinal: number, now: Date, scale: number): VideoVideosTable {
  const channel = mix(0xc4a00, ordinal) % channelsAt(scale);
  const niche = NICHES[channel % NICHES.length]!;
  const rng = createRandom(mix(0x71d00, ordinal));
  const ageS = Math.floor(MAX_AGE_S * rng.next() ** 1.5) + 60;
  const isSong = ordinal % SONG_EVERY === 0;
  const isMovie = !isSong && ordinal % 31 === 7;
  const channelName = channelNameOf(channel);
  let title: string;
  let duration: number;
  if (isSong) {
    title = `${channelName} - ${songOf(ordinal).title} (Official Music Video)`;
    duration = rng.int(150, 260);
  } else if (isMovie) {
    title = `${render(rng.pick(MOVIE_TITLES), { word: MOVIE_WORDS }, (l) => rng.pick(l), 0)} (Full Movie)`;
    duration = rng.int(80 * 60, 150 * 60);
  } else {
    title = titleCase(render(rng.pick(niche.titles), niche.words, (l) => rng.pick(l), rng.int(2, 30)));
    duration = Math.min(4 * 3600, Math.max(30, Math.round(rng.logNormal(6.2, 0.9))));
  }
  return {
    id: videoIdOf(ordinal),
    num: ordinal + 1,
    channel_id: channelIdOf(channel),
    channel_name: channelName,
    title,
    views: Math.round(rng.logNormal(9, 2.2)),
    duration,
    published_at: now.getTime() - ageS * 1000,
    type: isMovie ? 'MOVIE' : 'VIDEO',
    blocked_regions: BLOCKS[mix(0xb10c, ordinal) % BLOCKS.length]!,
    is_live: ordinal % 97 === 5 ? 1 : 0,
    // no source item: the answers show the demo's derived address and thumbnails (packages/video/src/server/text.ts)
    url: '',
    thumbnails: '',
    extra: '',
  };
}

export function* videoDemoVideos({ now, scale }: VideoDemoOptions): Generator<VideoVideosTable> {
  for (let v = 0; v < videosAt(scale); v++) yield videoRowOf(v, now, scale);
}

const dayOf = (ms: number) => Math.floor(ms / DAY_MS);
export const chartDateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '');

/**
 * Charts: for each country and type, songs scored day by day over one continuous span
 * (popularity × decay since release × a per-country taste × a little daily noise); the top 20
 * of each chart date is written, with the previous chart date's position (0 if not on it), the
 * percent change of the score, and how many chart dates so far the song was on the chart.
 */
export function* videoDemoCharts({ now, scale }: VideoDemoOptions): Generator<VideoChartEntriesTable> {
  const today = dayOf(now.getTime());
  const songs: { ordinal: number; release: number; peak: number; row: VideoVideosTable }[] = [];
  for (let v = 0; v < Math.min(VIDEOS_PER_SCALE, videosAt(scale)); v += SONG_EVERY) {
    const row = videoRowOf(v, now, scale);
    songs.push({ ordinal: v, release: dayOf(row.published_at), peak: 1 + (mix(0x9ea4, v) % 1000) / 100, row });
  }
  const from = Math.min(dayOf(FIXED_FROM), today - RECENT_DAYS) - 14;
  const emitted = (day: number) =>
    (day >= dayOf(FIXED_FROM) && day <= dayOf(FIXED_TO)) || (day > today - RECENT_DAYS && day <= today);
  const anchor = dayOf(WEEKLY_ANCHOR);
  for (const [ci, country] of CHART_COUNTRIES.entries()) {
    for (const type of ['DAILY', 'WEEKLY'] as const) {
      let previous = new Map<number, { position: number; score: number }>();
      const periods = new Map<number, number>();
      for (let day = from; day <= today; day++) {
        if (type === 'WEEKLY' && (((day - anchor) % 7) + 7) % 7 !== 0) continue;
        const scored: { index: number; score: number }[] = [];
        for (const [index, song] of songs.entries()) {
          if (song.release > day) continue;
          const taste = 0.5 + (mix(0x7a57e + ci, song.ordinal) % 100) / 100;
          const noise = 0.9 + (mix(mix(0x0015e, song.ordinal) ^ ci, day) % 200) / 1000;
          scored.push({ index, score: song.peak * taste * noise * Math.exp(-(day - song.release) / 45) });
        }
        scored.sort((a, b) => b.score - a.score || a.index - b.index);
        const current = new Map<number, { position: number; score: number }>();
        for (const [rank, { index, score }] of scored.slice(0, CHART_SIZE).entries()) {
          current.set(index, { position: rank + 1, score });
          const onChart = (periods.get(index) ?? 0) + 1;
          periods.set(index, onChart);
          if (!emitted(day)) continue;
          const song = songs[index]!;
          const before = previous.get(index);
          const meta = songOf(song.ordinal);
          yield {
            id: `${country}:${type}:${chartDateOf(day)}:${String(rank + 1).padStart(3, '0')}`,
            country,
            chart_type: type,
            chart_date: chartDateOf(day),
            position: rank + 1,
            previous_position: before?.position ?? 0,
            percent_views_change: before ? Math.round((score / before.score - 1) * 100) : 0,
            periods_on_chart: onChart,
            video_id: song.row.id,
            title: meta.title,
            artist: song.row.channel_name,
            songwriters: JSON.stringify(meta.songwriters),
            producers: JSON.stringify(meta.producers),
            release_date: new Date(song.row.published_at).toISOString().slice(0, 10),
            published_at: song.row.published_at,
          };
        }
        previous = current;
      }
    }
  }
}

/** Rows written at `scale`: channels + videos + chart entries (the charts do not scale; an estimate). */
export function videoDemoSize(scale: number): number {
  return channelsAt(scale) + videosAt(scale) + 36_000;
}
