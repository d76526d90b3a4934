/**
 * Text material of the microblog demo: names, topics with their message and bio templates, and
 * reply phrases. Templates use `{slot}` placeholders filled from the topic's word lists (or the
 * shared ones); `{Slot}` is the same list capitalized.
 */
import type { Random } from '../../demo/random.js';

export const FIRST_NAMES = [
  'Maria', 'Jonas', 'Aisha', 'Tom', 'Lena', 'Carlos', 'Priya', 'Sam', 'Yuki', 'Ben', 'Fatima', 'Leo', 'Nora', 'Ivan',
  'Chloe', 'Omar', 'Emma', 'Diego', 'Hannah', 'Kofi', 'Sofia', 'Mateo', 'Ines', 'Noah', 'Zara', 'Lucas', 'Amara',
  'Felix', 'Mia', 'Ravi', 'Elena', 'Hugo', 'Grace', 'Tariq', 'Julia', 'Marco', 'Anya', 'Kai', 'Rosa', 'Daniel', 'Leila',
  'Oscar', 'Clara', 'Mei', 'Adam', 'Selin', 'Pablo', 'Ingrid', 'Theo', 'Nadia', 'Ethan', 'Lucia', 'Jamal', 'Freya',
  'Victor', 'Alice', 'Hamza', 'Eva', 'Kenji', 'Laura', 'Arjun', 'Maya', 'Simon', 'Olga', 'Rafael', 'Ada', 'Milan',
  'Sara', 'Tobias', 'Chiara', 'Jae', 'Nina', 'Luis', 'Paula', 'Sven', 'Imani', 'Alex', 'Rina', 'Ahmed', 'Vera',
] as const;

export const LAST_NAMES = [
  'Lopez', 'Berg', 'Khan', 'Walsh', 'Fischer', 'Mendes', 'Sharma', 'Okafor', 'Tanaka', 'Miller', 'Haddad', 'Rossi',
  'Lindqvist', 'Petrov', 'Martin', 'Nasser', 'Clarke', 'Herrera', 'Weber', 'Mensah', 'Costa', 'Silva', 'Moreau', 'Reid',
  'Ali', 'Novak', 'Adeyemi', 'Vogel', 'Chen', 'Iyer', 'Kowalski', 'Duarte', 'Park', 'Rahman', 'Schmidt', 'Bianchi',
  'Ivanova', 'Sato', 'Romero', 'Cohen', 'Aziz', 'Jensen', 'Dubois', 'Wang', 'Brooks', 'Yilmaz', 'Ortiz', 'Larsen',
  'Baker', 'Hassan', 'Ferreira', 'Keller', 'Kim', 'Patel', 'Moretti', 'Nowak', 'Evans', 'Suzuki', 'Garcia', 'Olsen',
] as const;

/** Handle pieces for accounts that only follow. */
export const HANDLE_WORDS = [
  'reads', 'daily', 'notes', 'life', 'online', 'here', 'xo', 'real', 'hq', 'writes', 'thinks', 'fan', 'world', 'ok',
  'lately', 'io', 'irl', 'says', 'plus', 'zone',
] as const;

/** Bios of accounts that only follow (many have none). */
export const LURKER_BIOS = [
  'Mostly reading.', 'Opinions are my own.', 'Coffee first.', 'Here for the threads.', 'Dog person. Bad at gardening.',
  'Lurker since forever.', 'Student. Night owl.', 'Nurse, runner, tired.', 'Dad of two. Bread enthusiast.',
  'Learning something new every day.', 'Retired teacher, curious about everything.', 'I like maps and trains.',
  'Bookmarking good advice.', 'Trying to touch grass more.', 'she/her · plants · podcasts',
] as const;

export interface Topic {
  name: string;
  /** Handle suffixes: `<first><suffix>` or `<first>_<suffix>`. */
  handles: readonly string[];
  bios: readonly string[];
  words: Record<string, readonly string[]>;
  posts: readonly string[];
  /** Replies people write under this topic's messages. */
  replies: readonly string[];
  hashtags: readonly string[];
}

const SHARED_WORDS: Record<string, readonly string[]> = {
  when: ['this morning', 'last night', 'yesterday', 'this weekend', 'on Sunday', 'after work', 'today'],
  city: ['Lisbon', 'Berlin', 'Toronto', 'Nairobi', 'Osaka', 'Mexico City', 'Melbourne', 'Oslo', 'Seoul', 'Cape Town', 'Glasgow', 'Bogotá'],
  feeling: ['so happy', 'a bit nervous', 'exhausted but proud', 'weirdly calm', 'thrilled', 'still processing it'],
  number: ['two', 'three', 'five', 'seven', 'ten', 'twelve'],
};

export const TOPICS: readonly Topic[] = [
  {
    name: 'software',
    handles: ['codes', 'dev', 'builds', 'ships', 'hacks', 'debugs'],
    bios: [
      'Backend engineer. {lang} by day, side projects by night.', 'Building developer tools. Ex-{company}.',
      'Staff engineer. I write about {topic} and the people behind the code.', 'Open source maintainer. PRs welcome, drama not.',
    ],
    words: {
      lang: ['Rust', 'Go', 'TypeScript', 'Python', 'Kotlin', 'Elixir', 'Zig', 'C#', 'Swift'],
      topic: ['error handling', 'database migrations', 'code review', 'observability', 'monorepos', 'flaky tests', 'API design', 'caching', 'feature flags'],
      tool: ['Git', 'Docker', 'PostgreSQL', 'SQLite', 'Kubernetes', 'Redis', 'Neovim', 'GitHub Actions'],
      company: ['a fintech', 'a big search company', 'a game studio', 'a bank', 'a tiny startup'],
    },
    posts: [
      'Hot take: most {topic} problems are really communication problems.',
      'Spent {when} chasing a bug that turned out to be a timezone. It is always a timezone.',
      'TIL {tool} can do this out of the box. Years of writing scripts for nothing.',
      'Rewrote our {topic} layer in {lang}. p99 latency down 40%, my sanity up 100%.',
      'Reminder that "it works on my machine" is not a deployment strategy.',
      'Just merged a PR that deletes 3,000 lines. Best feeling in software.',
      'What is your favourite underrated {tool} feature? Mine is the one nobody reads the docs for.',
      'Code review tip: ask questions instead of giving orders. "What happens if this is empty?" beats "handle empty".',
      'Our CI went from 22 minutes to 6 by caching dependencies properly. Thread on what we changed 👇',
      'Learning {lang} this month. The compiler errors are genuinely helpful, which is new for me.',
      'Every {topic} debate ends with "it depends". And honestly, it does.',
      'Friday deploy? In this economy?',
      'The best documentation I ever wrote was a README that said what NOT to do.',
      'Shipped the thing. Going to sleep for a week.',
    ],
    replies: [
      'Been there. Timezones are a curse.', 'Which {tool} version was that?', 'Would love to read the thread on this.',
      'We did the same with {lang} and never looked back.', 'Counterpoint: sometimes it really is the database.',
    ],
    hashtags: ['#programming', '#devops', '#opensource', '#webdev'],
  },
  {
    name: 'cooking',
    handles: ['bakes', 'cooks', 'eats', 'kitchen', 'feeds'],
    bios: ['Home cook. Sourdough apologist.', 'Recipe developer. I test everything three times.', 'Cooking {dish} for people I love.'],
    words: {
      dish: ['shakshuka', 'ramen', 'lasagna', 'banana bread', 'dal', 'paella', 'focaccia', 'tacos al pastor', 'pho', 'cinnamon rolls'],
      ingredient: ['miso', 'brown butter', 'smoked paprika', 'preserved lemon', 'gochujang', 'fresh basil', 'anchovies'],
    },
    posts: [
      'Made {dish} {when} and the whole flat smells incredible.',
      'Adding {ingredient} to {dish} was the best decision I made this week.',
      'Controversial: {dish} tastes better the next day.',
      'My sourdough starter is {number} years old and has more followers than me.',
      'Tried a new {dish} recipe. Results: edible, photogenic, slightly on fire.',
      'Unpopular opinion: you do not need a stand mixer for bread. You need patience.',
      'What is one ingredient that instantly upgrades any dish? I will start: {ingredient}.',
      'Batch cooked {dish} for the week. Future me says thanks.',
      'The secret to good {dish} is salt, time, and not opening the oven every five minutes.',
      'First attempt at {dish} from scratch. Not perfect, but I am {feeling}.',
    ],
    replies: ['Recipe please!', 'That looks amazing.', 'Adding {ingredient} is genius.', 'Making this tonight.', 'Can I use something instead of {ingredient}?'],
    hashtags: ['#cooking', '#baking', '#recipes', '#foodie'],
  },
  {
    name: 'running',
    handles: ['runs', 'miles', 'strides', 'trains'],
    bios: ['Marathoner (slow). Coffee-powered.', 'Trail runner. Mud is a personality.', 'Coach. Easy runs easy, hard runs hard.'],
    words: {
      distance: ['5K', '10K', 'half marathon', 'marathon', '50K'],
      pace: ['5:10/km', '4:45/km', '6:00/km', '8:30/mile', '7:45/mile'],
    },
    posts: [
      'New {distance} PB {when}! {feeling}.',
      'Rainy long run, 24 km at {pace}. Legs are jelly, brain is happy.',
      'Reminder: most of your running should feel easy. Slow down to speed up.',
      'Signed up for a {distance} in {city}. No turning back now.',
      'Intervals {when}: 6×800 m. Nearly saw my breakfast again.',
      'Rest days are training days. Repeat after me.',
      'Ran past {number} other runners at 6am and we all nodded. Secret society vibes.',
      'Taper madness has begun. Everything hurts and nothing is wrong.',
      'Finished my first {distance}! Thank you all for the encouragement.',
    ],
    replies: ['Huge congrats!', 'What shoes are you using?', 'That pace is wild, well done.', 'See you at the start line!', 'Recover well!'],
    hashtags: ['#running', '#marathontraining', '#runchat'],
  },
  {
    name: 'photography',
    handles: ['shoots', 'frames', 'lens', 'clicks', 'photo'],
    bios: ['Street photographer in {city}.', 'Landscapes, mostly cold ones.', 'Film photographer. Developing slowly.'],
    words: {
      camera: ['a 35mm prime', 'an old Leica', 'my phone', 'a 50mm f/1.8', 'a medium format camera', 'a cheap point-and-shoot'],
      light: ['golden hour', 'blue hour', 'fog', 'harsh noon light', 'a thunderstorm', 'neon reflections'],
    },
    posts: [
      'Caught {light} over {city} {when}. Shot on {camera}.',
      'The best camera is the one you have with you. Today that was {camera}.',
      'Photography tip: walk slower. You notice more.',
      'Printed my first photo book. Seeing your work on paper hits differently.',
      'Waited 40 minutes for someone to walk into the frame. Worth it.',
      '{Light} in {city} is something else.',
      'Shot a whole roll of film {when} and I am {feeling} waiting for the scans.',
      'Stop buying gear, start buying train tickets.',
    ],
    replies: ['Stunning shot.', 'What settings did you use?', 'The composition here is perfect.', 'This should be a print.', 'Love the colours.'],
    hashtags: ['#photography', '#streetphotography', '#filmisnotdead'],
  },
  {
    name: 'space',
    handles: ['stars', 'orbits', 'cosmos', 'astro'],
    bios: ['Astrophysicist. I explain the universe, badly, in 280 characters.', 'Amateur astronomer with a backyard telescope.', 'Science writer. Space, mostly.'],
    words: {
      object: ['Jupiter', 'Saturn', 'the Orion Nebula', 'the Andromeda galaxy', 'the Moon', 'a comet', 'Mars', 'the ISS'],
      fact: [
        'a day on Venus is longer than its year', 'neutron stars can spin hundreds of times per second',
        'the light from the Sun is about eight minutes old', 'there are more trees on Earth than stars in the Milky Way',
      ],
    },
    posts: [
      'Clear skies {when}! Got a great view of {object} through the telescope.',
      'Fun fact: {fact}.',
      'Launch day! Watching from {city} with far too much coffee.',
      'New paper out today on exoplanet atmospheres. Thread in plain language 👇',
      'If you have binoculars, look at {object} tonight. Seriously, go outside.',
      'People ask why we explore space. Because we are curious, and curiosity built everything.',
      'Spotted {object} low on the horizon {when}. Worth the cold feet.',
    ],
    replies: ['Incredible view!', 'Wait, {fact}? Mind blown.', 'Which telescope do you use?', 'Cloudy here, living through you.', 'Great explanation, thank you.'],
    hashtags: ['#astronomy', '#space', '#science'],
  },
  {
    name: 'gaming',
    handles: ['plays', 'games', 'gg', 'respawns', 'quests'],
    bios: ['Indie game dev and player of too many roguelikes.', 'Streaming on weekends. Bad at platformers.', 'Speedrunner. Mostly resetting.'],
    words: {
      genre: ['roguelike', 'metroidvania', 'cozy farming sim', 'strategy game', 'rhythm game', 'open-world RPG'],
      hours: ['40 hours', '12 hours', '100 hours', '3 hours', '70 hours'],
    },
    posts: [
      'Just finished a {genre} after {hours}. I need a new personality now.',
      'Indie {genre} recommendations? I have a long weekend and no self-control.',
      'Finally beat the boss that has been bullying me for a week. {feeling}.',
      'Hot take: a game that respects your time is better than a longer one.',
      'Our little {genre} demo is out! Feedback very welcome.',
      'The soundtrack of this {genre} lives in my head rent-free.',
      'Game dev diary day {number}: fixed one bug, created four.',
    ],
    replies: ['GG!', 'That boss took me forever too.', 'Adding it to my wishlist.', 'The soundtrack is so good.', 'Try a {genre}, you will love it.'],
    hashtags: ['#gaming', '#indiedev', '#gamedev'],
  },
  {
    name: 'books',
    handles: ['reads', 'books', 'pages', 'shelf'],
    bios: ['Reading 50 books a year (aspirationally).', 'Librarian. Ask me for recommendations.', 'Writing my first novel, slowly.'],
    words: {
      genre: ['sci-fi', 'literary fiction', 'fantasy', 'history', 'poetry', 'crime', 'nonfiction'],
      count: ['12', '20', '35', '50', '8'],
    },
    posts: [
      'Finished a {genre} book {when} that I cannot stop thinking about.',
      'My TBR pile is now a structural element of the flat.',
      'Read {count} books so far this year. Mostly {genre}, no regrets.',
      'What book would you recommend to someone who "does not read {genre}"?',
      'Library haul! Seven books, three weeks, zero chance.',
      'The last line of that book wrecked me. {feeling}.',
      'Reading in the park until the light goes. Perfect {when}.',
    ],
    replies: ['Adding this to my list.', 'That ending!!', 'Have you read the sequel?', 'My book club loved this.', 'Strong recommend for {genre} too.'],
    hashtags: ['#books', '#amreading', '#booktwitter'],
  },
  {
    name: 'travel',
    handles: ['travels', 'roams', 'wanders', 'abroad'],
    bios: ['Slow travel, trains over planes.', 'Travel writer. Currently in {city}.', 'Collecting sunsets and train tickets.'],
    words: {
      transport: ['night train', 'ferry', 'bus', 'bike', 'sleeper train', 'tram'],
      food: ['street tacos', 'pastel de nata', 'bibimbap', 'fresh bread', 'grilled fish', 'dumplings'],
    },
    posts: [
      'Took the {transport} to {city} and honestly it beat flying by a mile.',
      'Best thing I ate in {city}: {food} from a tiny stall near the station.',
      'Travel tip: learn "thank you" in the local language. It opens every door.',
      'Landed in {city}. Jet lag, meet espresso.',
      'Got completely lost in {city} {when} and found the best view of the trip.',
      'Packing light is a skill. I do not have it.',
      'Day {number} in {city}: walked 25 km, ate {food} twice.',
    ],
    replies: ['Adding {city} to the list.', 'That {food} sounds amazing.', 'Safe travels!', 'Great tip, thanks.', 'Was there last year, loved it.'],
    hashtags: ['#travel', '#slowtravel', '#wanderlust'],
  },
  {
    name: 'football',
    handles: ['fc', 'ultra', 'goals', 'matchday'],
    bios: ['Season ticket holder. Suffering since birth.', 'Football analyst. xG is not everything.', 'Sunday league legend (self-proclaimed).'],
    words: {
      result: ['a 2–1 win', 'a 0–0 draw', 'a 3–2 thriller', 'a painful 1–0 loss', 'a 4–0 win'],
      minute: ["90+3'", "88'", "12'", "67'", "45+1'"],
    },
    posts: [
      'What a match! {result} and a winner in the {minute}.',
      'Matchday in {city}. The atmosphere is unreal.',
      'Our midfield today was a group project where nobody did the reading.',
      'The referee had a shocker, but we were also just bad. Both can be true.',
      '{Result} and I have lost my voice. Worth it.',
      'Transfer window rumours are my favourite fiction genre.',
      'Played five-a-side {when}. Scored once, pulled a hamstring twice.',
    ],
    replies: ['What a goal!', 'Still not over that {minute} winner.', 'The ref was terrible.', 'Up the lads!', 'We go again.'],
    hashtags: ['#football', '#matchday', '#soccer'],
  },
  {
    name: 'music',
    handles: ['music', 'beats', 'tunes', 'sings', 'vinyl'],
    bios: ['Producer and part-time DJ.', 'Guitar teacher. Listening to everything.', 'Vinyl collector. Liner notes reader.'],
    words: {
      instrument: ['guitar', 'piano', 'synth', 'drums', 'bass', 'cello'],
      genre: ['jazz', 'techno', 'folk', 'hip hop', 'shoegaze', 'afrobeat', 'ambient'],
    },
    posts: [
      'Practised {instrument} for two hours {when}. My neighbours are saints.',
      'New track out tonight! A bit of {genre}, a bit of everything.',
      'Saw a {genre} gig in {city}. Still buzzing.',
      'Found a first pressing in a charity shop for 3 euros. {feeling}.',
      'What album got you through a hard time? Mine was pure {genre}.',
      'Music theory is just vibes with paperwork.',
      'Recorded a {genre} cover on {instrument}. Link in replies.',
    ],
    replies: ['On repeat already.', 'What a find!', 'That gig was incredible.', 'Love the {instrument} on this.', 'More {genre} please.'],
    hashtags: ['#music', '#newmusic', '#vinyl'],
  },
  {
    name: 'gardening',
    handles: ['grows', 'garden', 'plants', 'green'],
    bios: ['Balcony gardener. Tomatoes are my personality.', 'Allotment life.', 'Climate scientist who gardens to stay sane.'],
    words: {
      plant: ['tomatoes', 'basil', 'chillies', 'sunflowers', 'strawberries', 'courgettes', 'lavender'],
      bug: ['aphids', 'slugs', 'snails', 'caterpillars'],
    },
    posts: [
      'First {plant} of the season! {feeling}.',
      'The {bug} have declared war on my {plant}.',
      'Composting tip: more browns than you think. Cardboard counts.',
      'Planted {plant} {when}. See you in three months, little ones.',
      'A garden is the slowest, kindest hobby.',
      'Rain at last. The {plant} are visibly relieved and so am I.',
      'Grew {number} kilos of {plant} on a tiny balcony this year.',
    ],
    replies: ['Beautiful!', 'How do you deal with {bug}?', 'My {plant} are jealous.', 'Great tip!', 'What variety is that?'],
    hashtags: ['#gardening', '#growyourown', '#plants'],
  },
  {
    name: 'design',
    handles: ['designs', 'pixels', 'type', 'ux'],
    bios: ['Product designer. Kerning enthusiast.', 'UX researcher. Talk to your users.', 'Illustrator and type nerd.'],
    words: {
      thing: ['onboarding flow', 'settings page', 'error message', 'empty state', 'icon set', 'colour palette'],
      font: ['a humanist sans', 'a chunky serif', 'a monospace', 'a variable font'],
    },
    posts: [
      'Redesigned our {thing} and support tickets dropped by a third.',
      'Good design is mostly deleting things.',
      'Spent {when} picking between two greys. Both were fine. I am fine.',
      'Using {font} for the new project and it changes everything.',
      'A good {thing} tells people what to do next. A bad one apologises.',
      'Usability test today: five people, {number} different ways to get lost.',
      'Accessibility is not an extra. It is the job.',
    ],
    replies: ['Before/after please!', 'So true.', 'Which font is that?', 'Great lesson here.', 'Stealing this for our {thing}.'],
    hashtags: ['#design', '#ux', '#typography'],
  },
];

export const GENERIC_REPLIES = [
  'Totally agree.', 'This is so true 😂', 'Congrats, well deserved!', 'Saving this for later.', 'Hard disagree, but I see your point.',
  'Source?', 'Wait, really? I had no idea.', 'Thanks for sharing this!', 'Same here, {when}.', 'Came here to say exactly this.',
  'How long did that take you?', '100% this.', 'Underrated take.', 'This made my day.', 'Any tips for a beginner?',
  'Following for updates.', 'Great thread, thanks.', 'Not sure I agree, it depends on the context.', 'Can you share more details?', '👏👏👏',
] as const;

/** Continuations of one's own message (threads). */
export const THREAD_OPENERS = ['2/ ', 'Update: ', 'Also, ', 'Edit: ', 'To be clear, ', 'Follow-up: '] as const;

const SLOT = /\{(\w+)\}/g;

/** Fills `{slot}` placeholders from the topic's words or the shared ones. */
export function render(template: string, topic: Topic, rng: Random): string {
  return template.replace(SLOT, (_, slot: string) => {
    const key = slot.charAt(0).toLowerCase() + slot.slice(1);
    const words = topic.words[key] ?? SHARED_WORDS[key];
    if (!words) throw new Error(`no words for {${slot}} in topic ${topic.name}`);
    const word = rng.pick(words);
    return slot === key ? word : word.charAt(0).toUpperCase() + word.slice(1);
  });
}
