/**
 * Deterministic forum demo data: 24 communities, ≈9,500 posts per unit of scale, ≈2,000 authors
 * per unit of scale (at most 200,000), realistic titles and bodies from per-community templates,
 * heavy-tailed votes, and timestamps relative to `now` that are skewed towards the present so
 * that every community has content in the last hour, day, week and month.
 *
 * The same `scale` always yields the same rows in the same order; only `createdAt` depends on
 * `now` (it is `now` minus a fixed age). Rows are produced lazily, roughly oldest first, so ids
 * (base 36, increasing) grow with time like Reddit's.
 *
 * The comments under these posts (≈57,000 at scale 1, with a few big threads and one
 * megathread) come from demo-comments.ts, which re-runs this generator to learn the posts.
 */
import type { ForumPostInput } from './rows.js';
import { createRandom, type Random } from '../../demo/random.js';

/** A demo row is exactly what loaders hand to the store. */
export type ForumPostRow = ForumPostInput;

export interface ForumDemoOptions {
  /** The moment the timestamps are relative to. */
  now: Date;
  /** Positive integer; multiplies the number of posts (and of authors, up to 200,000). */
  scale: number;
}

// ---------------------------------------------------------------------------------------------
// Text material
// ---------------------------------------------------------------------------------------------

interface CommunitySpec {
  name: string;
  /** Posts at scale 1. */
  posts: number;
  /** Share of link posts (empty content). */
  linkRate: number;
  /** Word lists for `{slot}` placeholders; `{Slot}` is the same list capitalized. */
  words: Record<string, readonly string[]>;
  titles: readonly string[];
  /** Sentences for the content. */
  body: readonly string[];
}

/** Word lists every community can use. */
const SHARED_WORDS: Record<string, readonly string[]> = {
  years: ['two', 'three', 'four', 'five', 'six', 'ten', 'fifteen'],
  months: ['three weeks', 'two months', 'four months', 'six months', 'eight months', 'a year', 'two years'],
  season: ['spring', 'summer', 'fall', 'winter'],
  budget: ['$300', '$800', '$1,500', '$2,000', '$4,500', '$10,000'],
  age: ['19', '23', '26', '29', '31', '35', '42', '48', '55'],
  kmweek: ['30 km', '50 km', '80 km', '120 km', '25 miles', '40 miles'],
  when: ['last night', 'this weekend', 'on Sunday', 'for the holidays', 'yesterday'],
};

const COMMUNITY_SPECS: readonly CommunitySpec[] = [
  {
    name: 'askscience',
    posts: 412,
    linkRate: 0.02,
    words: {
      topic: [
        'black holes',
        'quantum entanglement',
        'the immune system',
        'plate tectonics',
        'photosynthesis',
        'dark matter',
        'antibiotic resistance',
        'lightning',
        'memory formation',
        'ocean currents',
        'sleep',
        'vaccines',
        'neutron stars',
        'earthquakes',
        'the placebo effect',
        'superconductivity',
        'tides',
        'CRISPR',
        'muscle fatigue',
        'cloud formation',
      ],
      thing: [
        'light',
        'sound',
        'water',
        'glass',
        'ice',
        'a virus',
        'the Moon',
        'a magnet',
        'salt water',
        'DNA',
        'helium',
        'a tardigrade',
      ],
      action: [
        'freeze',
        'evaporate',
        'conduct electricity',
        'decay',
        'reflect light',
        'spin',
        'glow',
        'expand when heated',
      ],
      field: ['physics', 'chemistry', 'biology', 'neuroscience', 'geology', 'astronomy', 'medicine', 'ecology'],
    },
    titles: [
      'Why does {thing} {action} the way it does?',
      'How do scientists actually measure {topic}?',
      'What is the current scientific consensus on {topic}?',
      "If {thing} can {action}, why can't {thing}?",
      'How much do we really know about {topic}?',
      'What would happen if {thing} stopped behaving normally at room temperature?',
      'In {field}, what is the biggest open question about {topic}?',
      'Why is {topic} so hard to study?',
      'Does {topic} work differently in microgravity?',
      'Can someone explain {topic} without the pop-science simplifications?',
      'How was {topic} first discovered?',
      'Is there a limit to how fast {thing} can {action}?',
    ],
    body: [
      'I read an article about {topic} and it left me with more questions than answers.',
      'My {field} teacher mentioned this once but never explained why.',
      'Everything I find online is either far too simple or a dense paper.',
      'I understand the basics, but the actual mechanism still confuses me.',
      "Specifically, I'm wondering whether {thing} behaves the same way at very low temperatures.",
      'Is this something we can test experimentally, or is it still mostly theoretical?',
      'Bonus question: how did people figure this out in the first place?',
      'I have a background in {field}, so feel free to get technical.',
      'Sources would be much appreciated.',
      'My kid asked me this and I realized I had no idea.',
    ],
  },
  {
    name: 'programming',
    posts: 468,
    linkRate: 0.12,
    words: {
      lang: [
        'Rust',
        'Go',
        'TypeScript',
        'Python',
        'Kotlin',
        'C++',
        'Zig',
        'Elixir',
        'Java',
        'Haskell',
        'C#',
        'Swift',
        'OCaml',
        'Ruby',
      ],
      topic: [
        'error handling',
        'async runtimes',
        'dependency injection',
        'memory safety',
        'code review',
        'monorepos',
        'type inference',
        'garbage collection',
        'unit testing',
        'feature flags',
        'database migrations',
        'observability',
        'technical debt',
        'microservices',
        'pair programming',
        'code generation',
        'build times',
        'API design',
      ],
      tool: [
        'Git',
        'Docker',
        'Kubernetes',
        'PostgreSQL',
        'SQLite',
        'Redis',
        'Kafka',
        'Terraform',
        'Neovim',
        'Bazel',
        'GitHub Actions',
      ],
      project: [
        'interpreter',
        'database',
        'web server',
        'regex engine',
        'ray tracer',
        'text editor',
        'container runtime',
        'compiler',
        'key-value store',
        'HTTP client',
        'garbage collector',
      ],
    },
    titles: [
      'Why {lang} got {topic} right',
      'The hidden cost of {topic}',
      'Lessons learned from migrating a large codebase to {lang}',
      'How we cut our CI time in half with {tool}',
      'Is {topic} overrated?',
      'A deep dive into {topic} in {lang}',
      'Ten years of {tool} in production: what we learned',
      'Stop using {tool} for everything',
      'Writing a tiny {project} in {lang} from scratch',
      '{Topic} is a people problem, not a technical one',
      'How does your team handle {topic}?',
      '{lang} vs {lang} for a small backend team',
      'What I wish I knew about {topic} before my first job',
    ],
    body: [
      "We've been running {lang} in production for about {years} years now.",
      'This post covers the trade-offs we ran into with {topic}.',
      'Benchmarks are in the repo; please point out anything I got wrong.',
      "I'm curious whether others have hit the same problems with {tool}.",
      'The short version: it worked, but not for the reasons we expected.',
      'Our team is small, so getting {topic} right matters more to us than raw performance.',
      'Happy to answer questions in the comments.',
      'The whole {project} is about two thousand lines, and most of it is tests.',
      'Rewriting it was not the right call, and the post explains why.',
      'Most of the slowdown turned out to be in {tool}, not in our code.',
    ],
  },
  {
    name: 'cooking',
    posts: 446,
    linkRate: 0.04,
    words: {
      dish: [
        'lasagna',
        'chicken curry',
        'banana bread',
        'mushroom risotto',
        'chili',
        'pad thai',
        'sourdough',
        'carbonara',
        'pot roast',
        'ramen',
        'shakshuka',
        'fried rice',
        'beef stew',
        'lemon bars',
        'focaccia',
        'tacos al pastor',
        'mac and cheese',
        'pho',
        'paella',
        'gnocchi',
        'dal',
        'bibimbap',
      ],
      ingredient: [
        'garlic',
        'miso',
        'smoked paprika',
        'brown butter',
        'fish sauce',
        'anchovies',
        'fresh basil',
        'buttermilk',
        'tahini',
        'saffron',
        'gochujang',
        'preserved lemons',
        'MSG',
        'sumac',
        'chili crisp',
      ],
      tool: [
        'cast iron skillet',
        'Dutch oven',
        'stand mixer',
        'pressure cooker',
        'carbon steel wok',
        "chef's knife",
        'sheet pan',
        'immersion blender',
        'food processor',
      ],
    },
    titles: [
      "What's your go-to recipe for {dish}?",
      'First time making {dish}, how did I do?',
      'How do you keep {dish} from getting soggy?',
      'Is a {tool} worth it for a home cook?',
      'Secret ingredient in my {dish}: {ingredient}',
      'Made {dish} for the whole family {when}',
      'What can I make with leftover {ingredient}?',
      "My grandmother's {dish}, finally written down",
      'Tips for cooking {dish} on a budget?',
      'Why does my {dish} always come out bland?',
      'Unpopular opinion: {ingredient} improves almost everything',
      'Weeknight {dish} in under 30 minutes',
    ],
    body: [
      'I followed the recipe exactly, but it still turned out a bit dry.',
      "I've been cooking for about {years} years, but this one always gives me trouble.",
      'Used a {tool} this time and it made a huge difference.',
      'Added a spoonful of {ingredient} at the end and it was a game changer.',
      'The kids actually ate it without complaining, which is a first.',
      "Next time I'll cut the salt a little and let it rest longer.",
      'Recipe is in the comments if anyone wants it.',
      'Any tips for getting a better sear?',
      'I doubled the {ingredient} because the original felt timid.',
      'It tasted even better the next day.',
    ],
  },
  {
    name: 'photography',
    posts: 389,
    linkRate: 0.08,
    words: {
      gear: [
        'Sony A7 IV',
        'Fujifilm X-T5',
        'Canon R6',
        'Nikon Z6 II',
        'Ricoh GR III',
        'OM-1',
        'Pentax K-3',
        'Leica Q2',
        '50mm f/1.8',
        '35mm prime',
        '70-200mm f/2.8',
        'old film camera',
        'used DSLR',
      ],
      subject: [
        'street portraits',
        'the Milky Way',
        'foggy mornings',
        'birds in flight',
        'city lights',
        'long exposures',
        'wedding candids',
        'mountain sunrises',
        'macro insects',
        'autumn colors',
        'rainy streets',
        'harbor scenes',
      ],
      place: [
        'Iceland',
        'the Scottish Highlands',
        'Tokyo',
        'Patagonia',
        'Yosemite',
        'the Dolomites',
        'Lisbon',
        'New York',
        'the Faroe Islands',
        'my backyard',
        'a local park',
        'Hong Kong',
      ],
      shutter: ['1/60', '1/125', '1/250', '1/1000', '1/4000', '2s', '15s', '30s'],
      aperture: ['f/1.4', 'f/2', 'f/2.8', 'f/4', 'f/8', 'f/11'],
      iso: ['100', '200', '400', '800', '1600', '3200', '6400'],
    },
    titles: [
      'Shot some {subject} in {place} with my {gear}',
      'Critique wanted: {subject}',
      'Is the {gear} still worth buying?',
      'Upgrading from the {gear} to the {gear}, worth it?',
      'My first attempt at {subject}',
      'How do you approach {subject} without a tripod?',
      '{Place} at dawn',
      'Finally happy with my {subject} shots',
      'What settings do you use for {subject}?',
      'Sold my {gear} and I regret nothing',
      'A week of {subject} in {place}',
    ],
    body: [
      'Shot at {shutter}, {aperture}, ISO {iso}.',
      'Edited lightly in Lightroom, mostly just exposure and white balance.',
      "I'm still learning, so any honest feedback is welcome.",
      'The light only lasted about ten minutes, so I had to work fast.',
      'Curious what you would have done differently with the composition.',
      "I've had the {gear} for about {months} now.",
      'Cropped slightly to straighten the horizon.',
      'This was the only keeper out of about two hundred frames.',
    ],
  },
  {
    name: 'worldnews',
    posts: 476,
    linkRate: 0.45,
    words: {
      country: [
        'Germany',
        'Japan',
        'Brazil',
        'India',
        'Canada',
        'Kenya',
        'Australia',
        'Mexico',
        'Indonesia',
        'France',
        'South Korea',
        'Nigeria',
        'Argentina',
        'Poland',
        'Vietnam',
        'Egypt',
        'Norway',
        'Chile',
      ],
      topic: [
        'climate policy',
        'trade tariffs',
        'a record heatwave',
        'flooding',
        'a snap election',
        'inflation',
        'a rail strike',
        'energy prices',
        'a major data breach',
        'wildfires',
        'its space program',
        'housing costs',
        'a drought',
        'interest rates',
        'single-use plastics',
        'fishing rights',
      ],
      org: [
        'The UN',
        'The EU',
        'The WHO',
        'The IMF',
        'The World Bank',
        'NATO',
        'The G20',
        'The African Union',
        'ASEAN',
      ],
      metric: [
        'temperatures',
        'rainfall',
        'exports',
        'solar output',
        'tourism numbers',
        'wind power generation',
        'rice harvests',
      ],
    },
    titles: [
      '{country} announces sweeping changes on {topic}',
      '{org} warns of growing risks from {topic}',
      'Thousands protest in {country} over {topic}',
      '{country} and {country} sign agreement on {topic}',
      '{country} reports record {metric}',
      'Parliament in {country} debates new law on {topic}',
      '{org} summit ends without a deal on {topic}',
      'Officials in {country} respond to criticism over {topic}',
      "{country}'s handling of {topic} draws international attention",
      '{org} says {country} must act faster on {topic}',
    ],
    body: [
      'Full article linked; a paywall-free version is in the comments.',
      "This has been building for months, but today's announcement is the first concrete step.",
      'Local coverage has been much more detailed than the international reporting.',
      'Curious how people living in {country} feel about this.',
      'The official statement is worth reading in full.',
      'Opposition parties have already said they will challenge it.',
    ],
  },
  {
    name: 'gardening',
    posts: 402,
    linkRate: 0.03,
    words: {
      plant: [
        'tomatoes',
        'basil',
        'hydrangeas',
        'zucchini',
        'peppers',
        'roses',
        'strawberries',
        'garlic',
        'lavender',
        'blueberries',
        'cucumbers',
        'dahlias',
        'kale',
        'sunflowers',
        'raspberries',
        'hostas',
        'peonies',
        'sweet peas',
      ],
      problem: [
        'yellow leaves',
        'aphids',
        'powdery mildew',
        'blossom end rot',
        'slugs',
        'root rot',
        'leggy seedlings',
        'spider mites',
        'brown spots',
        'curling leaves',
      ],
      zone: ['4', '5', '5b', '6', '6a', '7', '7b', '8', '9', '10'],
      ordinal: ['first', 'second', 'third', 'fourth'],
    },
    titles: [
      "What's wrong with my {plant}? Seeing {problem}",
      'First harvest of {plant} this {season}!',
      'How do you deal with {problem} organically?',
      'Best time to plant {plant} in zone {zone}?',
      'My {plant} after {months} of care',
      'Raised beds vs in-ground for {plant}?',
      'Is it too late to start {plant} this {season}?',
      'Companion planting ideas for {plant}?',
      'Balcony garden update: {plant} and {plant}',
      'Overwintering {plant} in zone {zone}, any tips?',
    ],
    body: [
      "I'm in zone {zone} with mostly full sun.",
      'Watering every other day, and the soil drains pretty well.',
      'This is only my {ordinal} year gardening, so be gentle.',
      "My neighbor says it's the weather, but I'm not so sure.",
      'I added compost in {season} and mulched heavily.',
      'Pictures are in the comments.',
      'Should I pull them or wait it out?',
      'Last year the same bed gave me {problem}, so I rotated everything.',
    ],
  },
  {
    name: 'fitness',
    posts: 421,
    linkRate: 0.03,
    words: {
      lift: [
        'squat',
        'deadlift',
        'bench press',
        'overhead press',
        'Romanian deadlift',
        'barbell row',
        'hip thrust',
        'front squat',
      ],
      weight: ['60 kg', '100 kg', '140 kg', '180 kg', '135 lb', '225 lb', '315 lb', '405 lb'],
      goal: [
        'lose fat',
        'build muscle',
        'get my first pull-up',
        'improve mobility',
        'fix my posture',
        'lean bulk',
        'cut for summer',
        'touch my toes',
        'do ten chin-ups',
      ],
      program: [
        '5/3/1',
        'a PPL split',
        'Starting Strength',
        'GZCLP',
        'a full-body routine',
        'an upper/lower split',
        'nSuns',
      ],
      height: ['165 cm', '172 cm', '180 cm', '188 cm', '5\'9"', '6\'1"'],
      calories: ['1,800', '2,200', '2,500', '2,800', '3,200'],
    },
    titles: [
      'Finally hit a {weight} {lift}!',
      'How long did it take you to {goal}?',
      'Is {program} still a good choice for beginners?',
      'Form check: {lift}',
      'Plateaued on {lift} for {months}, what now?',
      'Trying to {goal} while working night shifts',
      '{Months} of {program}: progress and lessons',
      'Best accessory work for a stronger {lift}?',
      'Realistic timeline to {goal}?',
      'Switched to {program} and my {lift} finally moved',
    ],
    body: [
      "I'm {age}, about {height}, and I've been lifting for {years} years.",
      'Sleep and diet are mostly dialed in.',
      "I've been following {program} pretty consistently.",
      'My lower back gets tight after heavy sets, which worries me.',
      'Any feedback on form would be appreciated.',
      'Eating around {calories} calories a day.',
      'Video is in the comments.',
      "I deload every fourth week, maybe that's the problem.",
    ],
  },
  {
    name: 'personalfinance',
    posts: 445,
    linkRate: 0.01,
    words: {
      account: [
        'Roth IRA',
        '401(k)',
        'HSA',
        'emergency fund',
        'high-yield savings account',
        'brokerage account',
        '529 plan',
      ],
      debt: ['student loans', 'credit card debt', 'a car loan', 'a mortgage', 'medical debt', 'a personal loan'],
      amount: ['$3,000', '$5,000', '$12,000', '$25,000', '$40,000', '$80,000', '$150,000'],
      salary: ['$38,000', '$52,000', '$65,000', '$85,000', '$110,000', '$140,000'],
      life: [
        'just got my first real job',
        'am starting a family',
        'was just laid off',
        'got a big raise',
        'am turning 30',
        'just inherited some money',
        'am moving across the country',
      ],
      rate: ['3.1%', '4.5%', '6.8%', '7.2%', '19.9%', '24%'],
    },
    titles: [
      '{amount} in {debt}, where do I start?',
      'Should I max out my {account} or pay off {debt} first?',
      'I {life}: what should I do with my money?',
      'Is a {account} worth it at my income?',
      'Finally paid off {amount} of {debt}!',
      'Employer match confusion with my {account}',
      'How much should I keep in my {account}?',
      'Refinancing {debt}: worth it right now?',
      'Does this budget look reasonable on {salary} a year?',
      'Just opened my first {account}, now what?',
    ],
    body: [
      "I'm {age} and make about {salary} a year before taxes.",
      'Rent is roughly a third of my take-home pay.',
      'I have about three months of expenses saved.',
      'My partner and I keep our finances mostly separate.',
      'The interest rate is {rate}, which seems high to me.',
      "I don't really know where to start and would appreciate any guidance.",
      "I've read the wiki, but my situation feels a little different.",
      'No other debt besides {debt}.',
    ],
  },
  {
    name: 'gaming',
    posts: 459,
    linkRate: 0.1,
    words: {
      game: [
        'Elden Ring',
        'Stardew Valley',
        "Baldur's Gate 3",
        'Hades II',
        'Factorio',
        'Minecraft',
        'The Witcher 3',
        'Hollow Knight',
        'Celeste',
        'Civilization VI',
        'Rocket League',
        'Outer Wilds',
        'Disco Elysium',
        'Cyberpunk 2077',
        'Terraria',
        'Slay the Spire',
      ],
      platform: ['PC', 'Steam Deck', 'Switch', 'PS5', 'Xbox'],
      feature: [
        'soundtrack',
        'ending',
        'opening hour',
        'level design',
        'crafting system',
        'DLC',
        'co-op mode',
        'art direction',
      ],
      hours: ['10', '40', '100', '250', '600', '1,000'],
      tries: ['50', 'dozens of', 'over 100', '37', 'countless'],
    },
    titles: [
      "Just finished {game} and I'm speechless",
      'The {feature} in {game} is a masterpiece',
      'Is {game} worth it on {platform}?',
      '{hours} hours in and {game} still surprises me',
      'Underrated detail in {game}',
      'Games like {game} but more relaxing?',
      'Finally beat {game} after {tries} attempts',
      "What's your comfort game? Mine is {game}",
      '{game} or {game}: which one first?',
      'Performance on {platform} is better than I expected',
    ],
    body: [
      'No spoilers, but the last few hours completely changed how I see the story.',
      'I bounced off it twice before it finally clicked.',
      'Playing on {platform} with a controller, if that matters.',
      'The {feature} alone is worth the price.',
      'I went in completely blind, which I highly recommend.',
      'What should I play next?',
      'My partner watched the whole thing and now wants to play it too.',
    ],
  },
  {
    name: 'movies',
    posts: 433,
    linkRate: 0.12,
    words: {
      movie: [
        'Blade Runner 2049',
        'Parasite',
        'The Godfather',
        'Spirited Away',
        'Arrival',
        'Mad Max: Fury Road',
        'Heat',
        'Alien',
        'The Thing',
        'Whiplash',
        'No Country for Old Men',
        'Dune',
        'Jaws',
        'Oldboy',
        'Inception',
        'The Grand Budapest Hotel',
        'Seven Samurai',
      ],
      director: [
        'Denis Villeneuve',
        'Bong Joon-ho',
        'Kathryn Bigelow',
        'Hayao Miyazaki',
        'Greta Gerwig',
        'Akira Kurosawa',
        'Christopher Nolan',
        'Agnes Varda',
        'Wes Anderson',
        'Park Chan-wook',
      ],
      aspect: [
        'cinematography',
        'score',
        'sound design',
        'final scene',
        'opening shot',
        'practical effects',
        'dialogue',
        'editing',
        'pacing',
      ],
    },
    titles: [
      'Rewatched {movie} last night and the {aspect} holds up',
      "What's the best {aspect} of the last decade?",
      '{director} is the most consistent working director',
      'Just watched {movie} for the first time',
      'The {aspect} in {movie} is criminally underrated',
      'Movies that feel like {movie}?',
      'Which {director} film should I watch first?',
      'Does {movie} deserve its reputation?',
      '{movie} is back in theaters and you should go',
    ],
    body: [
      'I went in with low expectations and walked out stunned.',
      'The theater was almost empty, which somehow made it better.',
      "I know it's a classic, but parts of it dragged for me.",
      'Curious what everyone thinks of the ending.',
      'The {aspect} does so much of the heavy lifting.',
      'Watched it with my dad, who saw it in theaters back then.',
      "I can't stop thinking about it.",
    ],
  },
  {
    name: 'books',
    posts: 371,
    linkRate: 0.04,
    words: {
      book: [
        'Dune',
        'The Left Hand of Darkness',
        'Middlemarch',
        'Piranesi',
        'The Name of the Wind',
        'Project Hail Mary',
        'East of Eden',
        'Beloved',
        'The Remains of the Day',
        'Blood Meridian',
        'Circe',
        'The Count of Monte Cristo',
        'Anna Karenina',
        'Station Eleven',
        'Gideon the Ninth',
        'Never Let Me Go',
      ],
      author: [
        'Ursula K. Le Guin',
        'Toni Morrison',
        'Kazuo Ishiguro',
        'Terry Pratchett',
        'Octavia Butler',
        'Cormac McCarthy',
        'Jane Austen',
        'Haruki Murakami',
        'N.K. Jemisin',
        'George Eliot',
      ],
      genre: [
        'science fiction',
        'literary fiction',
        'fantasy',
        'mystery',
        'historical fiction',
        'horror',
        'nonfiction',
        'poetry',
      ],
      count: ['12', '25', '40', '52', '70', '100'],
    },
    titles: [
      'Just finished {book} and I need to talk about it',
      'Where should I start with {author}?',
      'Books that feel like {book}?',
      'What {genre} book changed how you read?',
      'I finally read {book} after years of putting it off',
      '{author} is underrated even among fans',
      'Reading goal update: {count} books this year',
      'Struggling to get into {genre}, any suggestions?',
      'Is {book} worth a reread?',
    ],
    body: [
      'The first hundred pages were slow, but then it completely hooked me.',
      'I read it in two sittings.',
      'My book club is split on it, which made for a great discussion.',
      'I usually read {genre}, so this was outside my comfort zone.',
      'The prose is gorgeous but dense.',
      "No spoilers please, I'm only halfway through.",
      'I picked it up because of a recommendation here, so thank you.',
    ],
  },
  {
    name: 'guitar',
    posts: 336,
    linkRate: 0.05,
    words: {
      guitar: [
        'Stratocaster',
        'Telecaster',
        'Les Paul',
        'SG',
        'Jazzmaster',
        'dreadnought acoustic',
        'classical guitar',
        '7-string',
        'Yamaha Pacifica',
      ],
      skill: [
        'barre chords',
        'fingerpicking',
        'alternate picking',
        'sweep picking',
        'vibrato',
        'string bending',
        'music theory',
        'improvising',
        'playing by ear',
        'Travis picking',
      ],
      song: [
        'Blackbird',
        'Wonderwall',
        'Little Wing',
        'Hotel California',
        'Under the Bridge',
        'Romanza',
        'Texas Flood',
        'Tears in Heaven',
      ],
    },
    titles: [
      'NGD: my first {guitar}!',
      'How long did it take you to get comfortable with {skill}?',
      'Finally nailed {song} after {months} of practice',
      'Best exercises for {skill}?',
      'Is a {guitar} a good first guitar?',
      'Tone help: trying to get closer to the {song} sound',
      'Hit a plateau with {skill}, what helped you?',
      '{Years} years of playing and I still struggle with {skill}',
    ],
    body: [
      'Practicing about thirty minutes a day, mostly with a metronome.',
      'My fingertips finally stopped hurting.',
      'Picked it up used for a really good price.',
      "I'm self-taught, so there are probably gaps in my technique.",
      'A recording is in the comments if anyone wants to give feedback.',
      'Should I get lessons or keep going with online videos?',
      "I've been working on {skill} for about {months}.",
    ],
  },
  {
    name: 'travel',
    posts: 408,
    linkRate: 0.05,
    words: {
      place: [
        'Japan',
        'Portugal',
        'Peru',
        'Vietnam',
        'Iceland',
        'Morocco',
        'New Zealand',
        'Norway',
        'Greece',
        'Mexico City',
        'Istanbul',
        'Scotland',
        'Sri Lanka',
        'Colombia',
        'Croatia',
        'Kyoto',
        'Montreal',
      ],
      duration: ['a week', 'ten days', 'two weeks', 'three weeks', 'a long weekend', 'a month'],
      style: ['solo', 'on a budget', 'with kids', 'by train', 'backpacking', 'with my parents', 'as a couple'],
    },
    titles: [
      '{Duration} in {place} {style}: itinerary feedback?',
      'Just got back from {place}, ask me anything',
      'Is {place} worth visiting in {season}?',
      'Hidden gems in {place}?',
      'Traveling {style} for the first time',
      'What I wish I knew before visiting {place}',
      'Trip report: {duration} in {place}',
      'Best way to get around {place} without a car?',
    ],
    body: [
      "We're flying in at the start of {season}.",
      "Budget is flexible, but I'd rather spend on food than hotels.",
      "I've heard mixed things about the crowds.",
      'People were incredibly friendly everywhere we went.',
      'Trains were on time and cheaper than I expected.',
      'Open to any food recommendations!',
      'This will be my first time traveling {style}.',
    ],
  },
  {
    name: 'homeimprovement',
    posts: 364,
    linkRate: 0.03,
    words: {
      project: [
        'bathroom remodel',
        'deck',
        'kitchen backsplash',
        'basement finish',
        'drywall patch',
        'attic insulation',
        'fence',
        'hardwood floor refinish',
        'garage shelving',
        'tile shower',
        'laundry room',
      ],
      tool: [
        'impact driver',
        'oscillating multi-tool',
        'miter saw',
        'stud finder',
        'wet tile saw',
        'shop vac',
        'laser level',
        'orbital sander',
      ],
      problem: [
        'a leaking pipe',
        'a sagging floor',
        'mold behind the tiles',
        'a crack in the foundation',
        'a tripping breaker',
        'a drafty window',
        'water stains on the ceiling',
      ],
      decade: ['1920s', '1950s', '1960s', '1970s', '1980s', '1990s'],
    },
    titles: [
      'Finished my {project} over the weekend',
      'Found {problem}, should I be worried?',
      'DIY or hire someone for a {project}?',
      'Is it worth buying a good {tool} for occasional projects?',
      'Before and after: {project}',
      'Realistic budget for a {project}?',
      'First-time homeowner dealing with {problem}',
      'Tips for a {project} on a tight budget',
    ],
    body: [
      'The house was built in the {decade}, so nothing is square.',
      "I've done a few small projects, but nothing this big.",
      'Total cost was about {budget} in materials.',
      'The {tool} was the best purchase I made for this.',
      'Photos are in the comments.',
      'Would you open up the wall or just patch it?',
      'A contractor quoted me three times what I expected.',
    ],
  },
  {
    name: 'space',
    posts: 417,
    linkRate: 0.25,
    words: {
      mission: [
        'JWST',
        'Artemis II',
        'Voyager 1',
        'Europa Clipper',
        'Perseverance',
        'the ISS',
        'Hubble',
        'BepiColombo',
        'Juno',
        'New Horizons',
        'Psyche',
      ],
      object: [
        'Europa',
        'Titan',
        'Enceladus',
        'Betelgeuse',
        'Proxima b',
        'a rogue planet',
        'the Andromeda galaxy',
        'Sagittarius A*',
        'an ultra-hot Jupiter',
        'TRAPPIST-1e',
        'the Crab Nebula',
        'the Orion Nebula',
      ],
      nights: ['two', 'three', 'five', 'eight'],
    },
    titles: [
      'New image of {object} from {mission}',
      '{Mission} team shares update on {object} observations',
      'How close could something like {mission} get to {object}?',
      'Astrophotography: {object} from my backyard',
      '{Mission} marks another milestone',
      'Why is {object} so interesting to astronomers?',
      'What happens to {mission} when it runs out of power?',
      'Scientists puzzled by new data about {object}',
    ],
    body: [
      'The resolution on this is incredible compared to older images.',
      'Shot over {nights} nights with a small refractor.',
      'Scientists say the data will take years to fully analyze.',
      'Link to the press release is in the comments.',
      "I still can't believe we can see this far.",
      'This is stacked from a few hundred exposures.',
    ],
  },
  {
    name: 'history',
    posts: 382,
    linkRate: 0.06,
    words: {
      era: [
        'the Roman Republic',
        'the Byzantine Empire',
        'the Meiji era',
        "the Hundred Years' War",
        'the Ming dynasty',
        'the Bronze Age collapse',
        'the Renaissance',
        'the Industrial Revolution',
        'the Mongol Empire',
        'the Cold War',
        'the Viking Age',
        'Ancient Egypt',
        'the Ottoman Empire',
        'the Aztec Empire',
      ],
      topic: [
        'everyday food',
        'taxation',
        'medicine',
        'literacy',
        'travel times',
        "women's rights",
        'military logistics',
        'trade routes',
        'religious life',
        'childhood',
        'record keeping',
        'money',
      ],
    },
    titles: [
      'What did {topic} look like during {era}?',
      'How did people in {era} deal with {topic}?',
      'Best books on {era} for a beginner?',
      'Myths about {era} that refuse to die',
      'How accurate is the popular image of {era}?',
      'TIL how {topic} worked in {era}',
      'Why did {era} end the way it did?',
      'Primary sources on {topic} in {era}?',
    ],
    body: [
      "I've been reading about this for a while and keep finding contradictory claims.",
      'Most popular history seems to skip over this completely.',
      "I'm especially curious about ordinary people, not kings and generals.",
      'Recommendations for podcasts are welcome too.',
      'The documentary I watched made it sound much simpler than it probably was.',
      "I'm comparing it with what I know about {era}.",
    ],
  },
  {
    name: 'cycling',
    posts: 347,
    linkRate: 0.04,
    words: {
      bike: [
        'gravel bike',
        'road bike',
        'fixie',
        'e-bike',
        'cargo bike',
        'touring bike',
        'hardtail',
        'folding bike',
        'steel randonneur',
      ],
      distance: ['50 km', '100 km', 'a century', '200 km', '20 miles', '60 miles'],
      part: [
        'tubeless tires',
        'clipless pedals',
        'a power meter',
        'disc brakes',
        'a new saddle',
        'wider tires',
        'a 1x drivetrain',
        'aero bars',
      ],
    },
    titles: [
      'Rode {distance} today on my {bike}!',
      'Is {part} worth the upgrade?',
      'NBD: finally got a {bike}',
      'Commuting by {bike}: one year later',
      'First ride with {part}, wow',
      'Tips for riding {distance} without bonking?',
      '{Bike} or {bike} for mixed terrain?',
      'Got doored this morning, need advice',
    ],
    body: [
      'Weather was perfect and traffic was light.',
      'My legs were done for the last twenty kilometers.',
      "The shop recommended {part}, but I'm not sure it's necessary.",
      'I ride about {kmweek} a week, mostly commuting.',
      'Fueled with bananas and gas station snacks.',
      'The route is in the comments for anyone local.',
    ],
  },
  {
    name: 'woodworking',
    posts: 328,
    linkRate: 0.03,
    words: {
      project: [
        'walnut coffee table',
        'end grain cutting board',
        'Shaker side table',
        'bookshelf',
        'workbench',
        'dovetailed box',
        'oak dining table',
        'cherry jewelry box',
        'floating shelf',
        'Adirondack chair',
        'rocking chair',
      ],
      tool: [
        'hand plane',
        'table saw',
        'router',
        'bandsaw',
        'set of chisels',
        'track saw',
        'dovetail saw',
        'jointer',
        'drill press',
      ],
      finish: [
        'Danish oil',
        'shellac',
        'hardwax oil',
        'polyurethane',
        'boiled linseed oil',
        'milk paint',
        'wipe-on poly',
      ],
      joinery: ['mortise and tenon', 'hand-cut dovetails', 'dowels', 'box joints', 'bridle joints'],
      source: [
        'a local sawmill',
        "my neighbor's fallen tree",
        'the big box store',
        'a reclaimed barn',
        'a lumber yard',
      ],
    },
    titles: [
      'Finished my first {project}',
      '{Finish} or {finish} for a {project}?',
      'Restored an old {tool} I found at a flea market',
      'Made a {project} for my daughter',
      'Which {tool} should I buy first?',
      'Tearout help: my {tool} keeps chipping the edges',
      '{Project} in progress, thoughts so far?',
      'Six months of weekends: {project}',
    ],
    body: [
      'Joinery is all {joinery}, no screws.',
      'Finished with three coats of {finish}.',
      "It's not perfect, but I learned a ton.",
      'The wood came from {source}.',
      'Critique is welcome, especially on the finish.',
      'The {tool} did most of the heavy lifting.',
    ],
  },
  {
    name: 'boardgames',
    posts: 355,
    linkRate: 0.04,
    words: {
      game: [
        'Wingspan',
        'Terraforming Mars',
        'Gloomhaven',
        'Catan',
        'Spirit Island',
        'Azul',
        'Ticket to Ride',
        'Root',
        'Brass: Birmingham',
        'Codenames',
        'Pandemic',
        'Cascadia',
        'Everdell',
        'Dune: Imperium',
        'Scythe',
      ],
      group: [
        'my partner',
        'two players',
        'a group of six',
        'my kids',
        'new players',
        'my regular group',
        'my parents',
      ],
      hours: ['one', 'two', 'two and a half', 'three', 'four'],
    },
    titles: [
      'Played {game} with {group} for the first time',
      'Is {game} good with {group}?',
      '{game} or {game} for game night?',
      "What's the most overrated game you own? Mine is {game}",
      'Finally got {game} to the table',
      'Shelf of shame: {game} still unplayed',
      'Games similar to {game} but shorter?',
      'Painted the miniatures for {game}',
    ],
    body: [
      'Teaching took almost an hour, but it was worth it.',
      'We finished in about {hours} hours including setup.',
      'Everyone wanted to play again right away.',
      'The rulebook is not great, so a video helped a lot.',
      "I'm not sure the expansion is needed.",
      'We usually play {game}, so this was a nice change.',
    ],
  },
  {
    name: 'linux',
    posts: 426,
    linkRate: 0.1,
    words: {
      distro: [
        'Arch',
        'Debian',
        'Fedora',
        'Ubuntu',
        'NixOS',
        'openSUSE',
        'Linux Mint',
        'Pop!_OS',
        'Gentoo',
        'Void',
        'Alpine',
        'EndeavourOS',
      ],
      thing: [
        'Wayland',
        'systemd',
        'PipeWire',
        'btrfs',
        'ZFS',
        'the NVIDIA driver',
        'Flatpak',
        'KDE Plasma',
        'GNOME',
        'Sway',
        'the AUR',
      ],
      hardware: [
        'ThinkPad T480',
        'Framework laptop',
        'Raspberry Pi 5',
        'old MacBook',
        'gaming PC',
        'home server',
        'Steam Deck',
      ],
    },
    titles: [
      "Switched from Windows to {distro} and I'm not going back",
      'Got {thing} working perfectly on my {hardware}',
      '{distro} vs {distro} for a {hardware}?',
      'Is {thing} ready for daily use?',
      'My {distro} setup after {years} years',
      'Help: {thing} broke after the last update',
      'What keeps you on {distro}?',
      'Running {distro} on a {hardware}: notes',
    ],
    body: [
      'Everything worked out of the box except Bluetooth.',
      'I spent a weekend tweaking it and I regret nothing.',
      'Journal logs are in the comments.',
      'Battery life is noticeably better than it was on Windows.',
      'The wiki answered most of my questions.',
      'Should I just reinstall at this point?',
      "I've been on {distro} for {years} years before this.",
    ],
  },
  {
    name: 'running',
    posts: 359,
    linkRate: 0.02,
    words: {
      race: ['5k', '10k', 'half marathon', 'marathon', '50k', 'trail race', 'parkrun'],
      gear: ['carbon plate shoes', 'a GPS watch', 'trail shoes', 'a heart rate strap', 'a running vest', 'a treadmill'],
      injury: [
        'shin splints',
        'IT band pain',
        'plantar fasciitis',
        "runner's knee",
        'a calf strain',
        'Achilles tightness',
      ],
      weeks: ['8', '10', '12', '16', '20'],
    },
    titles: [
      'Ran my first {race} today!',
      'New PR at the {race}',
      'Dealing with {injury}, how long did yours take to heal?',
      'Is it worth getting {gear} as a beginner?',
      'Training plan for a {race} in {weeks} weeks?',
      "Couldn't run for {months}, starting over",
      'Easy runs feel too easy, am I doing it wrong?',
      'Race report: {race} in the rain',
    ],
    body: [
      "I've been running about {kmweek} a week for the last few months.",
      'Negative split for the first time ever.',
      'The last few kilometers were brutal.',
      "My physio says it's an overuse issue.",
      'Trying to keep most of my runs at an easy pace.',
      'Any advice for race morning nerves?',
    ],
  },
  {
    name: 'aquariums',
    posts: 323,
    linkRate: 0.03,
    words: {
      fish: [
        'neon tetras',
        'a betta',
        'guppies',
        'corydoras',
        'cherry shrimp',
        'angelfish',
        'otocinclus',
        'kuhli loaches',
        'rummy nose tetras',
        'Amano shrimp',
        'a pea puffer',
      ],
      tank: ['10 gallon', '20 gallon long', '40 breeder', '75 gallon', 'nano', '5 gallon', 'planted 29 gallon'],
      issue: [
        'cloudy water',
        'an algae bloom',
        'ich',
        'high nitrates',
        'a snail explosion',
        'fin rot',
        'a cycle crash',
      ],
    },
    titles: [
      'My {tank} tank after {months}',
      'Is a {tank} big enough for {fish}?',
      'Help: {issue} in my {tank}',
      'Finally added {fish}!',
      'Best tank mates for {fish}?',
      'How do you deal with {issue}?',
      'Scaped a {tank} this weekend',
      'My new {fish} seem stressed, what am I missing?',
    ],
    body: [
      'Ammonia and nitrite are zero, nitrates around 20 ppm.',
      'Water changes are about 25% weekly.',
      'Planted with java fern, anubias and some stem plants.',
      'The tank has been cycled for about {months}.',
      'Temperature is steady at 78 degrees.',
      "Any advice appreciated, I don't want to lose anyone.",
    ],
  },
  {
    name: 'coffee',
    posts: 341,
    linkRate: 0.03,
    words: {
      method: [
        'V60',
        'AeroPress',
        'French press',
        'espresso',
        'Chemex',
        'moka pot',
        'cold brew',
        'Kalita Wave',
        'Clever dripper',
      ],
      bean: [
        'Ethiopian Yirgacheffe',
        'Kenyan AA',
        'Colombian',
        'Guatemalan',
        'natural Ethiopian',
        'washed Rwandan',
        'Brazilian',
        'Sumatran',
        'Costa Rican honey process',
      ],
      grinder: [
        'Baratza Encore',
        'Comandante',
        '1Zpresso',
        'Niche Zero',
        'cheap blade grinder',
        'Fellow Ode',
        'Timemore C2',
      ],
      dose: ['15', '18', '20', '22', '30'],
    },
    titles: [
      'Dialed in my {method} with a {bean}',
      'Is the {grinder} worth the upgrade?',
      'Why does my {method} taste sour?',
      "Best {bean} you've had this year?",
      'New setup: {grinder} and {method}',
      '{Method} recipe that finally works for me',
      'Switching from {method} to {method}, tips?',
      'Roaster recommendations for {bean}?',
    ],
    body: [
      "I'm using {dose} grams in and a 1:16 ratio.",
      'Water is just off the boil.',
      'The grind is pretty fine, maybe too fine.',
      'Tasting notes said blueberry, and for once I actually got it.',
      "I've been using the {grinder} for about {months}.",
      'Bitter at the end no matter what I change.',
    ],
  },
  {
    name: 'dataisbeautiful',
    posts: 392,
    linkRate: 0.3,
    words: {
      subject: [
        'housing prices',
        'commute times',
        'global temperatures',
        'rainfall',
        'my sleep',
        'my running pace',
        'baby names',
        'coffee consumption',
        'electricity prices',
        'video game sales',
        'airline delays',
        'solar installations',
        'my spending',
        'daylight hours',
        'word frequencies in novels',
      ],
      scope: [
        'by country',
        'over 50 years',
        'by US state',
        'by month',
        'per capita',
        'since 1990',
        'across Europe',
        'over the last decade',
        'by hour of day',
      ],
      source: [
        'public government data',
        'the World Bank',
        'my own tracking app',
        'Eurostat',
        'NOAA',
        'a Kaggle dataset',
        'the census bureau',
      ],
      tool: ['Python and matplotlib', 'R and ggplot2', 'D3.js', 'Tableau', 'Excel', 'Observable Plot'],
    },
    titles: [
      '[OC] {Subject} {scope}',
      '[OC] How {subject} changed {scope}',
      '[OC] Tracking {subject} for a whole year',
      '[OC] {Subject} vs {subject} {scope}',
      'Visualizing {subject} {scope}',
      '[OC] A decade of {subject}',
      '[OC] Where {subject} grew fastest, {scope}',
    ],
    body: [
      'Data from {source}; made with {tool}.',
      'I smoothed the series with a 7-day rolling average.',
      'Feedback on the color scale is very welcome.',
      'Raw data and code are linked in the comments.',
      'Surprised by how big the seasonal effect is.',
    ],
  },
];

/** Sentences that can open any post's content. */
const OPENERS = [
  'Long time lurker, first time poster.',
  'Not sure if this is the right place to ask.',
  'Quick question for the experts here.',
  'Sorry if this has been asked before.',
  'Bit of a long one, bear with me.',
  'Posting from mobile, apologies for the formatting.',
  'Been thinking about this for a while.',
  'Throwaway account for obvious reasons.',
] as const;

/** Sentences that can close any post's content. */
const CLOSERS = [
  'Thanks in advance!',
  'Any advice is appreciated.',
  'Edit: typo.',
  'Update in the comments.',
  'Would love to hear your thoughts.',
  'Cheers.',
  'Edit: thanks for all the replies!',
  'TL;DR in the comments.',
] as const;

/** Closers only for posts that got popular. */
const POPULAR_CLOSERS = [
  'Edit: wow, this blew up. Thank you all!',
  'Edit: thanks for the gold, kind stranger.',
  "Edit: I can't reply to everyone, but I'm reading every comment.",
] as const;

// Username material: lower-case letters only (the pattern check relies on it).
const HANDLE_ADJECTIVES = [
  'quiet',
  'lazy',
  'happy',
  'salty',
  'sleepy',
  'brave',
  'cosmic',
  'rusty',
  'fuzzy',
  'grumpy',
  'lucky',
  'sneaky',
  'wild',
  'silent',
  'tiny',
  'mighty',
  'crispy',
  'spicy',
  'frozen',
  'electric',
  'golden',
  'hidden',
  'lost',
  'curious',
  'clever',
  'bold',
  'calm',
  'dusty',
  'hungry',
  'jolly',
  'lunar',
  'mellow',
  'noisy',
  'odd',
  'polite',
  'rapid',
  'shy',
  'stoic',
  'swift',
  'witty',
  'wandering',
  'patient',
  'humble',
  'restless',
  'feral',
  'velvet',
  'neon',
  'midnight',
  'vintage',
  'amber',
  'crimson',
  'cobalt',
  'scarlet',
  'pixel',
  'analog',
  'atomic',
  'urban',
  'northern',
  'misty',
  'stormy',
  'sunny',
  'chill',
  'cranky',
  'gentle',
  'hollow',
  'arctic',
  'tidal',
  'wobbly',
  'zesty',
  'quantum',
];
const HANDLE_NOUNS = [
  'otter',
  'panda',
  'falcon',
  'badger',
  'walrus',
  'penguin',
  'fox',
  'raven',
  'moose',
  'llama',
  'gecko',
  'heron',
  'lynx',
  'narwhal',
  'koala',
  'beaver',
  'sloth',
  'hedgehog',
  'mantis',
  'octopus',
  'squid',
  'toaster',
  'teapot',
  'pickle',
  'waffle',
  'noodle',
  'biscuit',
  'pancake',
  'potato',
  'turnip',
  'cactus',
  'fern',
  'maple',
  'willow',
  'pebble',
  'comet',
  'nebula',
  'quasar',
  'photon',
  'vector',
  'kernel',
  'socket',
  'widget',
  'gadget',
  'pilot',
  'sailor',
  'baker',
  'wizard',
  'ranger',
  'hermit',
  'nomad',
  'captain',
  'doctor',
  'farmer',
  'painter',
  'poet',
  'drummer',
  'coder',
  'hiker',
  'gamer',
  'reader',
  'tinkerer',
  'lurker',
  'goblin',
  'dragon',
  'knight',
  'bard',
  'ninja',
  'pirate',
  'robot',
  'yeti',
  'kraken',
  'phoenix',
  'golem',
  'muffin',
  'dumpling',
  'burrito',
  'taco',
  'bagel',
  'espresso',
  'mango',
  'lemon',
  'cherry',
  'walnut',
];
const HANDLE_NAMES = [
  'mike',
  'sarah',
  'dave',
  'jess',
  'tom',
  'emma',
  'alex',
  'chris',
  'kate',
  'sam',
  'nick',
  'laura',
  'ben',
  'anna',
  'matt',
  'lisa',
  'josh',
  'nina',
  'ryan',
  'maria',
  'jake',
  'olivia',
  'dan',
  'zoe',
  'paul',
  'ella',
  'tony',
  'grace',
  'leo',
  'maya',
  'omar',
  'priya',
  'kenji',
  'lena',
  'ivan',
  'sofia',
  'raj',
  'chloe',
  'liam',
  'ines',
  'felix',
  'yuki',
  'marco',
  'hana',
  'pablo',
  'aisha',
  'erik',
  'noor',
  'tariq',
  'wei',
];
const HANDLE_PREFIXES = ['not_a_', 'just_a_', 'the_real_', 'ask_a_', 'i_am_a_', 'my_other_'];
const HANDLE_LETTERS = 'abcdefghijklmnopqrstuvwxyz'.split('');
const HANDLE_SEPARATORS = ['_', '-', '', '_'];
const HANDLE_THE = ['_the_', '-the-', 'the'];
const THROWAWAY_SEPARATORS = ['', '_', '-'];

// ---------------------------------------------------------------------------------------------
// Templates (parsed once; rendering is plain concatenation)
// ---------------------------------------------------------------------------------------------

interface Slot {
  list: readonly string[];
  tail: string;
}

interface Template {
  head: string;
  slots: readonly Slot[];
}

interface Community {
  name: string;
  posts: number;
  linkRate: number;
  titles: readonly Template[];
  body: readonly Template[];
  /** Where this community's regulars start in the author pool (before the modulo). */
  regularsOffset: number;
}

const capitalizedLists = new Map<readonly string[], readonly string[]>();

function capitalized(list: readonly string[]): readonly string[] {
  let result = capitalizedLists.get(list);
  if (!result) {
    result = list.map((word) => word.charAt(0).toUpperCase() + word.slice(1));
    capitalizedLists.set(list, result);
  }
  return result;
}

function compileTemplate(text: string, words: Record<string, readonly string[]>, where: string): Template {
  const pieces = text.split('{');
  const head = pieces[0] ?? '';
  const slots: Slot[] = [];
  for (const piece of pieces.slice(1)) {
    const close = piece.indexOf('}');
    if (close <= 0) throw new Error(`${where}: malformed template ${JSON.stringify(text)}`);
    const name = piece.slice(0, close);
    const lower = name.charAt(0).toLowerCase() + name.slice(1);
    const list = words[lower] ?? SHARED_WORDS[lower];
    if (!list || list.length === 0) throw new Error(`${where}: unknown slot {${name}} in ${JSON.stringify(text)}`);
    slots.push({ list: name === lower ? list : capitalized(list), tail: piece.slice(close + 1) });
  }
  return { head, slots };
}

/** The allowed characters of community and user names. */
const NAME_CHARS = /^[A-Za-z0-9_-]{1,40}$/;

const COMMUNITIES: readonly Community[] = COMMUNITY_SPECS.map((spec, index) => {
  if (!NAME_CHARS.test(spec.name)) throw new Error(`invalid community name ${spec.name}`);
  if (spec.body.length < 5 || spec.body.length > 30) throw new Error(`${spec.name}: needs 5 to 30 body sentences`);
  return {
    name: spec.name,
    posts: spec.posts,
    linkRate: spec.linkRate,
    titles: spec.titles.map((t) => compileTemplate(t, spec.words, spec.name)),
    body: spec.body.map((t) => compileTemplate(t, spec.words, spec.name)),
    regularsOffset: index * 7919,
  };
});

export const FORUM_DEMO_COMMUNITIES: readonly string[] = Object.freeze(COMMUNITIES.map((c) => c.name));

/**
 * A scale is a positive integer, or a fraction below 1 (a smaller set for a first try: every
 * community keeps at least one post, and the authors' pool shrinks with it).
 */
function checkScale(scale: number) {
  if (!(Number.isSafeInteger(scale) && scale >= 1) && !(scale > 0 && scale < 1))
    throw new RangeError(`scale must be a positive integer or a fraction below 1, got ${scale}`);
}

/** A community's posts at this scale (exactly `posts × scale` at whole scales). */
const postsAt = (posts: number, scale: number) => Math.max(1, Math.round(posts * scale));

/** The authors' pool at this scale (at least enough for every community's regulars). */
const authorsAt = (scale: number) => Math.min(MAX_AUTHORS, Math.max(100, Math.round(AUTHORS_PER_SCALE * scale)));

/** The exact number of rows `forumDemoPosts` yields for this scale. */
export function forumDemoSize(scale: number): number {
  checkScale(scale);
  return COMMUNITIES.reduce((sum, community) => sum + postsAt(community.posts, scale), 0);
}

function pickFrom<T>(items: readonly T[], rng: Random): T {
  return items[Math.floor(rng.next() * items.length)] as T;
}

function render(template: Template, rng: Random): string {
  let out = template.head;
  let previousList: readonly string[] | null = null;
  let previousIndex = -1;
  for (const slot of template.slots) {
    const list = slot.list;
    let index = Math.floor(rng.next() * list.length);
    // "{lang} vs {lang}": never the same word twice in a row.
    if (list === previousList && index === previousIndex) index = (index + 1) % list.length;
    previousList = list;
    previousIndex = index;
    out += list[index]! + slot.tail;
  }
  return out;
}

function renderContent(community: Community, popular: boolean, rng: Random): string {
  const r = rng.next();
  const sentences = r < 0.3 ? 1 : r < 0.65 ? 2 : r < 0.87 ? 3 : 4;
  const body = community.body;
  let out = '';
  let used = 0; // bit i set: body sentence i already used in this post
  for (let k = 0; k < sentences; k++) {
    let sentence: string;
    if (k === 0 && sentences > 1 && rng.next() < 0.15) {
      sentence = pickFrom(OPENERS, rng);
    } else if (k === sentences - 1 && sentences > 1 && rng.next() < 0.35) {
      sentence = popular && rng.next() < 0.5 ? pickFrom(POPULAR_CLOSERS, rng) : pickFrom(CLOSERS, rng);
    } else {
      let index = Math.floor(rng.next() * body.length);
      // Every community has more sentences than a post uses, so this ends.
      while (used & (1 << index)) index = (index + 1) % body.length;
      used |= 1 << index;
      sentence = render(body[index]!, rng);
    }
    out = k === 0 ? sentence : out + ' ' + sentence;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Authors
// ---------------------------------------------------------------------------------------------

const AUTHORS_PER_SCALE = 2000;
const MAX_AUTHORS = 200_000;
const AUTHOR_SEED = 0x5eed_a17;

/**
 * The pool is generated by one sequence, so every smaller pool is a prefix of a larger one;
 * it is kept between calls (at most 200,000 short strings). Unique ignoring case.
 */
const authorCache: string[] = [];
const authorKeys = new Set<string>();
const authorRandom = createRandom(AUTHOR_SEED);

function cap(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function maybeDigits(rng: Random, p: number): string {
  if (rng.next() >= p) return '';
  const r = rng.next();
  if (r < 0.4) return String(rng.int(1, 99));
  if (r < 0.7) return String(rng.int(1970, 2008));
  return String(rng.int(100, 9999));
}

function makeHandle(rng: Random): string {
  const r = rng.next();
  const adj = pickFrom(HANDLE_ADJECTIVES, rng);
  const noun = pickFrom(HANDLE_NOUNS, rng);
  const name = pickFrom(HANDLE_NAMES, rng);
  if (r < 0.16) return adj + pickFrom(HANDLE_SEPARATORS, rng) + noun + maybeDigits(rng, 0.6);
  if (r < 0.3) return cap(adj) + cap(noun) + maybeDigits(rng, 0.5);
  if (r < 0.42) return name + maybeDigits(rng, 1);
  if (r < 0.48) return name + pickFrom(HANDLE_THE, rng) + noun;
  if (r < 0.55) return noun + pickFrom(HANDLE_NOUNS, rng) + maybeDigits(rng, 0.5);
  if (r < 0.61) return cap(name) + cap(noun) + maybeDigits(rng, 0.3);
  if (r < 0.67) return pickFrom(HANDLE_PREFIXES, rng) + noun + maybeDigits(rng, 0.3);
  if (r < 0.7) return 'throwaway' + pickFrom(THROWAWAY_SEPARATORS, rng) + String(rng.int(100, 999999));
  if (r < 0.77) return noun + '_' + String(rng.int(1000, 9999));
  if (r < 0.8) return 'xX' + cap(adj) + cap(noun) + 'Xx';
  if (r < 0.87) return adj + noun + String(rng.int(1, 999));
  if (r < 0.92) return 'The' + cap(adj) + cap(noun);
  if (r < 0.96) return name + '_' + pickFrom(HANDLE_LETTERS, rng) + String(rng.int(10, 99));
  return cap(noun) + 'Enthusiast' + maybeDigits(rng, 0.4);
}

function authorPool(size: number): readonly string[] {
  while (authorCache.length < size) {
    let handle = makeHandle(authorRandom);
    // Disambiguate like people do: append digits until the name is free.
    while (authorKeys.has(handle.toLowerCase())) {
      handle = handle.length >= 36 ? makeHandle(authorRandom) : handle + String(authorRandom.int(0, 9));
    }
    authorKeys.add(handle.toLowerCase());
    authorCache.push(handle);
  }
  return authorCache.length === size ? authorCache : authorCache.slice(0, size);
}

/** The handles the posts' authors are drawn from at this scale (the comments draw from them too). */
export function forumDemoAuthors(scale: number): readonly string[] {
  checkScale(scale);
  return authorPool(authorsAt(scale));
}

// ---------------------------------------------------------------------------------------------
// Posts
// ---------------------------------------------------------------------------------------------

const SEED = 0x0f0_2a7e;
const SECOND = 1000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Oldest possible age: just inside two years. */
const MAX_AGE = 730 * DAY - HOUR;
const MIN_AGE = SECOND;

/**
 * The age of the post at fraction f ∈ [0, 1) of its community (0 oldest): piecewise linear, so
 * 80% of the posts spread uniformly from 2 years to 30 days ago, 10% over 30 to 7 days, 6% over
 * 7 days to 24 hours, 3% over the last day but one hour, and 1% over the last hour.
 */
function ageAt(f: number): number {
  if (f < 0.8) return MAX_AGE + (f / 0.8) * (30 * DAY - MAX_AGE);
  if (f < 0.9) return 30 * DAY + ((f - 0.8) / 0.1) * (7 * DAY - 30 * DAY);
  if (f < 0.96) return 7 * DAY + ((f - 0.9) / 0.06) * (DAY - 7 * DAY);
  if (f < 0.99) return DAY + ((f - 0.96) / 0.03) * (HOUR - DAY);
  return HOUR + ((f - 0.99) / 0.01) * (MIN_AGE - HOUR);
}

const LN_NORMAL_UPVOTES = Math.log(14);
const LN_HOT_UPVOTES = Math.log(1200);
const LN_VIRAL_UPVOTES = Math.log(12_000);
const LN_COMMENT_RATIO = Math.log(0.15);
const MAX_UPVOTES = 150_000;
const MAX_COMMENTS = 4800;
/** Posts younger than this have not collected all their votes yet. */
const VOTE_WARMUP = 48 * HOUR;

/** Reddit-like base-36 ids, increasing with the row's position (a bijection, so never a collision). */
const ID_BASE = 2_781_444_096; // '1a00000' in base 36
function idOf(position: number): string {
  return (ID_BASE + position * 7 + 3).toString(36);
}

interface Lane {
  community: Community;
  index: number;
  /** Posts of this community in total. */
  count: number;
  /** Where the community's regulars start in the author pool. */
  regularsStart: number;
}

/**
 * Yields `forumDemoSize(scale)` posts, lazily. Communities are interleaved in proportion to their
 * size and each community's posts come oldest first, so the stream is roughly chronological.
 */
export function* forumDemoPosts(options: ForumDemoOptions): Generator<ForumPostRow> {
  const { scale } = options;
  checkScale(scale);
  const nowMs = options.now.getTime();
  if (!Number.isFinite(nowMs)) throw new RangeError('now must be a valid date');

  const rng = createRandom(SEED);
  const authorCount = authorsAt(scale);
  const authors = authorPool(authorCount);
  const regularsCount = Math.max(12, Math.floor(authorCount / 100));
  const lanes: Lane[] = COMMUNITIES.map((community) => ({
    community,
    index: 0,
    count: postsAt(community.posts, scale),
    regularsStart: community.regularsOffset % authorCount,
  }));
  const total = forumDemoSize(scale);

  for (let position = 0; position < total; position++) {
    // The lane whose next post sits earliest in its own timeline: (index + ½) / count is smallest.
    let lane: Lane | undefined;
    let bestNumerator = 0;
    let bestCount = 1;
    for (const candidate of lanes) {
      if (candidate.index >= candidate.count) continue;
      const numerator = 2 * candidate.index + 1;
      if (lane === undefined || numerator * bestCount < bestNumerator * candidate.count) {
        lane = candidate;
        bestNumerator = numerator;
        bestCount = candidate.count;
      }
    }
    if (lane === undefined) return; // unreachable: the lanes hold exactly `total` posts
    const community = lane.community;
    const index = lane.index++;

    // Time: stratified, so every community has exactly its share of recent posts.
    const age = Math.round(ageAt((index + rng.next()) / lane.count));

    // Author: regulars of this community, or anyone from a skewed global distribution.
    const author =
      rng.next() < 0.3
        ? authors[(lane.regularsStart + rng.skewedIndex(regularsCount, 2)) % authorCount]!
        : authors[rng.skewedIndex(authorCount, 1.6)]!;

    // Votes: log-normal body with a hot and a viral tail; young posts are still collecting votes.
    const kind = rng.next();
    let up =
      kind < 0.003
        ? rng.logNormal(LN_VIRAL_UPVOTES, 0.7)
        : kind < 0.02
          ? rng.logNormal(LN_HOT_UPVOTES, 0.9)
          : rng.logNormal(LN_NORMAL_UPVOTES, 1.25);
    if (age < VOTE_WARMUP) up *= 0.05 + 0.95 * Math.sqrt(age / VOTE_WARMUP);
    const upvotes = Math.max(1, Math.min(MAX_UPVOTES, Math.round(up)));
    const controversial = rng.next() < 0.012;
    const downvotes = Math.round(upvotes * (controversial ? 0.85 + 0.7 * rng.next() : 0.05 + 0.35 * rng.next()));
    const score = upvotes - downvotes;
    const engagement = Math.max(0, score) + 0.6 * downvotes;
    const ratio = rng.logNormal(LN_COMMENT_RATIO, 0.6) * (controversial ? 2 : 1);
    const commentCount = Math.min(MAX_COMMENTS, Math.floor(engagement * ratio + 3 * rng.next()));

    const title = render(pickFrom(community.titles, rng), rng);
    const content = rng.next() < community.linkRate ? '' : renderContent(community, upvotes >= 2000, rng);

    const id = idOf(position);
    yield {
      id,
      community: community.name,
      author,
      title,
      content,
      upvotes,
      downvotes,
      score,
      commentCount,
      createdAt: nowMs - age,
      url: `https://forum.example.org/c/${community.name}/comments/${id}`,
    };
  }
}
