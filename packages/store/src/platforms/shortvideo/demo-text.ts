/**
 * Text material of the short-video demo: creator niches (handle words, captions, hashtags,
 * comments), sounds, and the comments and replies any video gets. `{slot}` in a template is
 * filled from the niche's `words`, else from SHARED_WORDS.
 */

export interface Niche {
  name: string;
  /** Handle parts: "bakewithnoor", "noorsbakes", "recipesbynoor". */
  verbs: readonly string[];
  nouns: readonly string[];
  /** Duration range in seconds. */
  seconds: readonly [number, number];
  words: Record<string, readonly string[]>;
  captions: readonly string[];
  hashtags: readonly string[];
  comments: readonly string[];
}

export const SHARED_WORDS: Record<string, readonly string[]> = {
  days: ['3', '5', '7', '14', '30', '60', '100'],
  when: ['this morning', 'last night', 'on my day off', 'after work', 'this weekend', 'before school'],
  person: ['my mom', 'my boyfriend', 'my girlfriend', 'my roommate', 'my dad', 'my sister', 'my best friend', 'my grandma', 'my husband', 'my wife'],
  part: ['2', '3', '4'],
};

export const NICHES: readonly Niche[] = [
  {
    name: 'cooking',
    verbs: ['cook', 'eat', 'feed'],
    nouns: ['kitchen', 'eats', 'recipes', 'cooks', 'dinners'],
    seconds: [25, 180],
    words: {
      dish: ['garlic butter noodles', 'crispy rice salad', 'smash burgers', 'birria tacos', 'one-pan lemon chicken', 'miso salmon', 'chili oil dumplings', 'shakshuka', 'butter chicken', 'cacio e pepe', 'kimchi fried rice', 'sheet-pan gnocchi'],
      minutes: ['10', '15', '20', '25', '30'],
      ingredient: ['chili crisp', 'brown butter', 'miso', 'gochujang', 'preserved lemon', 'parmesan rind', 'fish sauce', 'smoked paprika'],
    },
    captions: [
      '{dish} in {minutes} minutes, no fancy equipment 🍳',
      'The {ingredient} trick nobody told me about',
      'Making {dish} for {person} because they asked nicely',
      'Dinner for under $10: {dish}',
      'POV: you finally stop ordering takeout and make {dish}',
      '{dish} but make it weeknight-friendly',
      'Rating every {dish} recipe on the internet so you don\'t have to (part {part})',
      'Adding {ingredient} to everything this week, day {days}',
      'What I eat after a 12-hour shift',
      'Meal prep Sunday: 4 lunches, 1 pan',
    ],
    hashtags: ['#cooking', '#recipe', '#easyrecipes', '#dinnerideas', '#foodtok', '#homecooking', '#mealprep', '#comfortfood'],
    comments: [
      'Making this tonight, thank you!!', 'what can I use instead of {ingredient}?', 'the sizzle at 0:07 🤤',
      'I tried this and my family asked for seconds', 'recipe in the caption pls 🙏', 'how long does this keep in the fridge?',
      'the {ingredient} is doing a lot of heavy lifting here', 'adding this to my meal prep rotation', 'can this be made vegetarian?',
      'chef\'s kiss 🤌',
    ],
  },
  {
    name: 'baking',
    verbs: ['bake', 'knead', 'whisk'],
    nouns: ['bakes', 'bakery', 'crumbs', 'loaves', 'pastry'],
    seconds: [20, 150],
    words: {
      bake: ['sourdough', 'croissants', 'brown butter cookies', 'cinnamon rolls', 'focaccia', 'lemon tart', 'banana bread', 'basque cheesecake', 'bagels', 'macarons'],
      fail: ['flat', 'gummy', 'burnt on the bottom', 'raw in the middle', 'way too dense'],
    },
    captions: [
      'Day {days} of trying to get the perfect ear on my {bake}',
      'My {bake} came out {fail} so you don\'t have to make the same mistake',
      'Lamination ASMR 🥐',
      'Baking {bake} for {person}\'s birthday',
      'The crumb shot you\'ve all been waiting for',
      '3 ingredient {bake}? let\'s see if it actually works',
      'Cozy bake: {bake} on a rainy afternoon',
      'Replying to comments: yes, you can freeze the {bake} dough',
    ],
    hashtags: ['#baking', '#sourdough', '#bakingtok', '#homebaker', '#breadtok', '#dessert', '#asmr', '#cozy'],
    comments: [
      'that crumb is unreal', 'what temperature do you bake at?', 'mine always come out {fail} 😭',
      'the crunch when you cut it!!', 'do you use a dutch oven?', 'this is my sign to finally start a starter',
      'how long did you proof it?', 'I could watch you laminate all day',
    ],
  },
  {
    name: 'fitness',
    verbs: ['lift', 'train', 'run'],
    nouns: ['fit', 'lifts', 'gains', 'strength', 'training'],
    seconds: [12, 90],
    words: {
      lift: ['deadlift', 'squat', 'bench', 'hip thrust', 'pull-up', 'overhead press'],
      weight: ['60kg', '80kg', '100kg', '140kg', '225 lbs', '315 lbs'],
      goal: ['my first pull-up', 'a 5K under 25 minutes', 'a bodyweight squat', 'my first marathon', 'ten strict pull-ups'],
    },
    captions: [
      'New {lift} PR: {weight} 💪',
      'Day {days} of training for {goal}',
      'The {lift} cue that fixed my form overnight',
      'Gym anxiety? Here\'s how I started',
      'Full leg day, no machines',
      'What {days} days of consistency looks like',
      '5AM gym crew, where you at?',
      'Stop doing {lift}s like this (I did it for years)',
    ],
    hashtags: ['#gymtok', '#fitness', '#workout', '#strengthtraining', '#fitnessmotivation', '#legday', '#runtok'],
    comments: [
      'the form is so clean', 'what program are you following?', 'this cue just fixed my {lift}',
      'proud of you fr', 'how long did it take to get to {weight}?', 'gym anxiety is so real, thank you for this',
      'saving this for leg day', 'the progress is insane',
    ],
  },
  {
    name: 'dance',
    verbs: ['dance', 'move', 'groove'],
    nouns: ['dances', 'moves', 'choreo', 'steps'],
    seconds: [10, 35],
    words: {
      who: ['my dad', 'my grandma', 'my little brother', 'the whole team', 'my coworkers', 'my roommates'],
      place: ['in the kitchen', 'at the mall', 'in the rain', 'on the roof', 'at the wedding', 'in my school hallway'],
    },
    captions: [
      'Taught {who} this trend and they ate 🔥',
      'Doing the trend {place}',
      'Slowed down tutorial for the new dance',
      'Mirror version so you can learn it',
      'Freestyle Friday',
      'We practiced this for 3 hours {when}',
      'The last move took me {days} tries',
    ],
    hashtags: ['#dance', '#dancechallenge', '#trend', '#dancetutorial', '#choreography', '#fyp'],
    comments: [
      'the last move 😮', 'tutorial please!!', '{who} ate that', 'learning this rn',
      'the energy is unmatched', 'the timing on the beat drop', 'I can\'t stop replaying the ending',
    ],
  },
  {
    name: 'comedy',
    verbs: ['laugh', 'joke'],
    nouns: ['comedy', 'skits', 'bits', 'jokes'],
    seconds: [8, 75],
    words: {
      role: ['the group project partner', 'your manager on a Friday', 'the airport security guy', 'a mom at the grocery store', 'the barista at 6am', 'every substitute teacher', 'the landlord'],
      situation: ['when the wifi goes out', 'on the first day of a new job', 'when someone says "quick call"', 'at a family reunion', 'when the group chat goes silent'],
    },
    captions: [
      'POV: {role}',
      'Me {situation}',
      'Things {role} would never say',
      'If {role} was honest',
      'Every family {situation}',
      'Part {part} because you asked',
      'This happened to me {when} and I\'m still not over it',
    ],
    hashtags: ['#comedy', '#skit', '#relatable', '#pov', '#funny', '#fyp', '#foryou'],
    comments: [
      'why is this so accurate 😭', 'I felt this in my soul', 'the side eye at the end 💀',
      'sending this to {person}', 'you need a whole series of this', 'I literally screamed',
      'this is my manager word for word', 'the accent 😂',
    ],
  },
  {
    name: 'pets',
    verbs: ['pet', 'walk'],
    nouns: ['pup', 'doggo', 'cats', 'paws', 'pets'],
    seconds: [8, 60],
    words: {
      pet: ['golden retriever', 'corgi', 'rescue cat', 'husky', 'orange cat', 'dachshund', 'french bulldog', 'bunny'],
      trick: ['sit pretty', 'play dead', 'ring a bell for the door', 'spin', 'high five', 'fetch my slippers'],
    },
    captions: [
      'My {pet} learned to {trick} in {days} days',
      'He knows exactly what he did 😑',
      'Day in the life of a spoiled {pet}',
      'When the {pet} hears the treat bag',
      'Adopted her a year ago today 🥹',
      'Bath time negotiations',
      '{pet} tries a puppuccino for the first time',
    ],
    hashtags: ['#dogsoftiktok', '#catsoftiktok', '#petsoftiktok', '#adoptdontshop', '#rescue', '#cute'],
    comments: [
      'the head tilt 😭', 'protect him at all costs', 'my {pet} would never', 'he\'s so proud of himself',
      'the little paws!!', 'how did you teach him to {trick}?', 'I would die for this animal',
      'the zoomies at the end', 'happy gotcha day!!',
    ],
  },
  {
    name: 'travel',
    verbs: ['travel', 'roam', 'wander'],
    nouns: ['travels', 'abroad', 'wanders', 'passport', 'adventures'],
    seconds: [15, 120],
    words: {
      place: ['Lisbon', 'Kyoto', 'Mexico City', 'the Dolomites', 'Seoul', 'Marrakech', 'Cape Town', 'Istanbul', 'Iceland', 'Hanoi', 'Oaxaca', 'the Amalfi Coast'],
      budget: ['$40', '$60', '$100', '€50', '$150'],
      thing: ['ferry', 'night train', 'street food tour', 'hostel', 'sunrise hike', 'local market'],
    },
    captions: [
      '{days} days in {place} for under {budget} a day',
      'Things I wish I knew before visiting {place}',
      'The {thing} in {place} was worth every penny',
      'Solo travel diary: {place} part {part}',
      'Hidden spots in {place} tourists always miss',
      'Packing for {days} days with just a carry-on',
      'This {thing} changed my whole trip',
    ],
    hashtags: ['#travel', '#traveltok', '#solotravel', '#budgettravel', '#bucketlist', '#wanderlust'],
    comments: [
      'adding {place} to my list', 'how did you find that {thing}?', 'is it safe for solo female travelers?',
      'the views 😍', 'saving this for my trip in the spring', 'what camera do you use?',
      'I went last year and this is so accurate', 'the {thing} looks unreal',
    ],
  },
  {
    name: 'beauty',
    verbs: ['glow', 'blend'],
    nouns: ['beauty', 'glam', 'skin', 'makeup', 'looks'],
    seconds: [20, 150],
    words: {
      product: ['tinted sunscreen', 'lip oil', 'cream blush', 'brow gel', 'niacinamide serum', 'setting spray', 'concealer'],
      look: ['soft glam', 'clean girl makeup', 'a 5 minute face', 'graphic liner', 'a no-makeup makeup look', 'wedding guest glam'],
    },
    captions: [
      '{look} using only drugstore products',
      'The {product} that replaced three things in my routine',
      'Get ready with me {when}',
      'Testing the viral {product} so you don\'t have to',
      'My skincare routine after {days} days of breakouts',
      'Trying {look} for the first time',
      'Honest review: is the {product} worth the hype?',
    ],
    hashtags: ['#makeup', '#grwm', '#skincare', '#beautytok', '#makeuptutorial', '#drugstoremakeup'],
    comments: [
      'what shade is the {product}?', 'your skin is glowing', 'need a full tutorial on this',
      'adding the {product} to my cart rn', 'how does it hold up by the end of the day?', 'the blending is perfect',
      'this {look} is everything',
    ],
  },
  {
    name: 'tech',
    verbs: ['code', 'build', 'hack'],
    nouns: ['tech', 'codes', 'dev', 'builds', 'setup'],
    seconds: [20, 240],
    words: {
      tool: ['Python', 'a Raspberry Pi', 'Excel', 'Notion', 'a mechanical keyboard', 'an old laptop', 'VS Code', 'a 3D printer'],
      thing: ['a budget tracker', 'a home server', 'a weather station', 'a smart mirror', 'a Discord bot', 'a portfolio site'],
      tip: ['keyboard shortcuts', 'hidden settings', 'free tools', 'browser extensions', 'terminal commands'],
    },
    captions: [
      'I built {thing} with {tool} in one weekend',
      '5 {tip} I wish I knew sooner',
      'Desk setup tour {when}',
      'Turning {tool} into {thing}',
      'Day in the life of a software engineer (realistic)',
      'Stop paying for this, use {tip} instead',
      'Explaining {tool} to {person}',
    ],
    hashtags: ['#techtok', '#coding', '#programming', '#desksetup', '#productivity', '#softwareengineer', '#diy'],
    comments: [
      'drop the code pls', 'this is way more useful than my CS degree', 'what keyboard is that?',
      'I\'ve been using {tool} for years and never knew this', 'the realistic part is the 4 meetings 😂',
      'can you make a tutorial for {thing}?', 'saving this for the {tip} alone',
    ],
  },
  {
    name: 'plants',
    verbs: ['grow', 'plant', 'garden'],
    nouns: ['plants', 'garden', 'greenhouse', 'jungle', 'sprouts'],
    seconds: [15, 120],
    words: {
      plant: ['monstera', 'pothos', 'fiddle leaf fig', 'snake plant', 'calathea', 'string of pearls', 'tomato plants', 'basil'],
      fix: ['repotting', 'propagating', 'bottom watering', 'a grow light', 'chopping and propping'],
    },
    captions: [
      'Saving a dying {plant}: week {part}',
      '{fix} my {plant} for the first time',
      'Plant shelf tour {when}',
      'My {plant} after {days} days with {fix}',
      'From one cutting to this 🌱',
      'Balcony garden update',
      'Things that actually killed my {plant}',
    ],
    hashtags: ['#planttok', '#houseplants', '#plantcare', '#gardening', '#urbanjungle', '#propagation'],
    comments: [
      'my {plant} is crying rn', 'how often do you water?', 'the new leaf unfurling 🥹', 'what soil mix do you use?',
      'I need this shelf', 'tried {fix} and it actually worked', 'plant parents unite',
    ],
  },
  {
    name: 'books',
    verbs: ['read'],
    nouns: ['reads', 'books', 'shelf', 'pages', 'library'],
    seconds: [15, 90],
    words: {
      genre: ['fantasy', 'romance', 'thriller', 'literary fiction', 'sci-fi', 'horror', 'historical fiction', 'memoir'],
      trope: ['enemies to lovers', 'found family', 'unreliable narrator', 'slow burn', 'locked-room mystery', 'morally grey characters'],
    },
    captions: [
      '{genre} books that made me cry in public',
      'If you like {trope}, read these next 📚',
      'I read {days} books this month, here\'s my ranking',
      'Books I\'d give 5 stars to without hesitation',
      'Annotating my favorite {genre} novel',
      'Cozy reading nook tour',
      '{trope} recommendations nobody talks about',
    ],
    hashtags: ['#booktok', '#bookrecommendations', '#reading', '#bookish', '#tbr', '#booklover'],
    comments: [
      'adding all of these to my TBR', 'the second one destroyed me', '{trope} is my weakness',
      'do you have any {genre} recs that aren\'t so sad?', 'your shelf is goals', 'I need to reread this',
      'omg I thought I was the only one who loved this',
    ],
  },
  {
    name: 'diy',
    verbs: ['make', 'build', 'fix'],
    nouns: ['diy', 'makes', 'home', 'projects', 'workshop'],
    seconds: [20, 200],
    words: {
      project: ['a floating shelf', 'a rental-friendly accent wall', 'a thrifted dresser flip', 'a bathroom refresh', 'a built-in bench', 'a peg board wall'],
      budget: ['$30', '$50', '$80', '$120', '$200'],
    },
    captions: [
      '{project} for under {budget}',
      'Renter-friendly upgrade: {project}',
      'Before and after: {project}',
      'I had no idea what I was doing but here\'s {project}',
      'Thrift flip {when}',
      'Tools I actually use as a beginner',
      'Part {part} of the apartment makeover',
    ],
    hashtags: ['#diy', '#homedecor', '#thriftflip', '#renterfriendly', '#homeproject', '#beforeandafter'],
    comments: [
      'the before and after 😮', 'where did you get the hardware?', 'doing this in my apartment this weekend',
      'is it really renter friendly?', 'your patience is unmatched', 'what paint color is that?',
      'I can\'t believe that was only {budget}',
    ],
  },
];

/** Sounds used across creators (the rest of the videos use their creator's original sound). */
export const TRACKS: readonly { title: string; author: string }[] = [
  { title: 'Golden Hour Drive', author: 'Velvet Static' },
  { title: 'Paper Planes in June', author: 'Lani Brooks' },
  { title: 'Slow Burn (sped up)', author: 'Marlowe' },
  { title: 'Midnight Laundromat', author: 'The Quiet Hours' },
  { title: 'Sunday Reset', author: 'Juno Park' },
  { title: 'Run It Back', author: 'KID NOVA' },
  { title: 'Lemonade Skies', author: 'Sol & Harbor' },
  { title: 'Cherry Cola Summer', author: 'Daisy Vance' },
  { title: 'Static Hearts', author: 'NEON PARADE' },
  { title: 'Feel It Twice', author: 'DJ Okafor' },
  { title: 'Blue Jeans & Bad Ideas', author: 'Hollis Grey' },
  { title: 'Elevator Music for Cats', author: 'Lo-Fi Marmalade' },
  { title: 'Oh Well (Remix)', author: 'Tavi & Remi Sol' },
  { title: 'Two Left Feet', author: 'The Bellwethers' },
  { title: 'Cozy Mornings', author: 'Maple Tape' },
  { title: 'Main Character', author: 'Ivy Calder' },
  { title: 'No Sleep Till Friday', author: 'Rook & The Echoes' },
  { title: 'Sugar Rush (slowed + reverb)', author: 'Mina Rae' },
  { title: 'Dancing in the Kitchen', author: 'Lucky Harbor' },
  { title: 'Rainy Day Study Beats', author: 'Lo-Fi Marmalade' },
  { title: 'Bad Decisions Anthem', author: 'Coastline Kids' },
  { title: 'Pocket Full of Sunshine', author: 'Gia Moreno' },
  { title: 'Afterglow', author: 'Sora Lin' },
  { title: 'Backseat Karaoke', author: 'The Vacation Club' },
  { title: 'Hold That Thought', author: 'Jules Okoro' },
  { title: 'Villain Era', author: 'SABLE' },
  { title: 'Wildflower Highway', author: 'Emmett Cole' },
  { title: 'Late Checkout', author: 'Hotel Lobby' },
  { title: 'Mood Ring', author: 'Piper Hale' },
  { title: 'Fast Car Daydream', author: 'Nova Reyes' },
  { title: 'Kitchen Disco', author: 'The Saucepans' },
  { title: 'Heartbeat Percussion', author: 'Tobi Adeyemi' },
];

/** Comments any video can get. */
export const GENERIC_COMMENTS: readonly string[] = [
  'this is so satisfying', 'the ending 😭😭', 'why is this so relatable', 'I\'ve watched this 10 times',
  'not me watching this at 3am', 'the algorithm knew I needed this today', 'okay but the song choice 🔥',
  'commenting so this blows up', 'how do you not have a million followers??', 'part 2 please!!',
  'saving this for later', 'this deserves way more views', 'the way I gasped', 'you never miss',
  'wait what\'s the song?', 'this popped up on my fyp and I\'m not mad', 'first time seeing your content and I\'m obsessed',
  'who else is here from the last video', 'the confidence 👏', 'sending this to the group chat', 'I needed this today',
  'obsessed with this', 'how is this free content', 'no because why did I watch the whole thing', 'this made my whole day',
  'underrated creator fr', 'the lighting in this!!', 'I can\'t be the only one who noticed that', 'more of this please',
  'love this so much', 'ok this is actually genius', 'I\'m crying 😂', '🔥🔥🔥', '😂😂😂', '❤️', '🥹',
  'real', 'W video', 'the editing is so good', 'you make it look so easy', 'every video gets better',
];

/** Replies anyone can write under a comment. */
export const GENERIC_REPLIES: readonly string[] = [
  'same!!', 'right?? 😂', 'literally me', 'I thought I was the only one', 'this comment 😂', 'not you too 😭',
  'I was about to say this', 'fr fr', 'so true', 'came to the comments for this', 'LMAO', 'agreed',
  'exactly what I was thinking', 'you\'re so real for this', 'it\'s in the caption I think', 'hahaha stop',
  'no literally', 'this is the best comment', '😂😂', 'yesss', 'the accuracy', 'you get it', 'me every day',
  'I\'m screaming', 'this needs more likes',
];

/** Replies the creator writes under comments on their own videos. */
export const CREATOR_REPLIES: readonly string[] = [
  'thank you so much!! ❤️', 'part 2 coming this week 👀', 'haha you\'re not wrong', 'it\'s linked in my bio!',
  'thank you for watching 🥹', 'full tutorial coming soon', 'good eye 👀', 'this made my day, thank you',
  'hahaha I\'m dead', 'you\'re so sweet', 'I\'ll try my best!', 'yes!! let me know how it goes',
];

/** First names and words that handles are made of. */
export const FIRST_NAMES: readonly string[] = [
  'maya', 'noor', 'leo', 'jay', 'priya', 'sofia', 'mateo', 'aiko', 'kofi', 'zara', 'ethan', 'amara', 'lucas', 'mei',
  'omar', 'chloe', 'diego', 'hana', 'theo', 'nia', 'sam', 'ivy', 'arjun', 'lena', 'felix', 'yara', 'ben', 'ruby', 'kai',
  'isla', 'malik', 'elena', 'jonah', 'tara', 'remy', 'sana', 'luca', 'ava', 'dev', 'emma', 'tomas', 'layla', 'oscar',
  'grace', 'hugo', 'ines', 'max', 'june', 'rafa', 'nadia', 'finn', 'aria', 'wes', 'mila', 'cole', 'anya', 'jin', 'rosa',
  'eli', 'bea',
];

export const VIEWER_WORDS: readonly string[] = [
  'coffee', 'moon', 'bean', 'vibes', 'daily', 'tea', 'pixel', 'sunny', 'lemon', 'cloud', 'cat', 'mango', 'noodle',
  'peach', 'star', 'sage', 'olive', 'frog', 'ghost', 'matcha', 'boba', 'honey', 'biscuit', 'dumpling', 'sprout',
];

export const VIEWER_PREFIXES: readonly string[] = [
  'sleepy', 'tiny', 'its', 'just', 'not', 'lazy', 'happy', 'cozy', 'chaotic', 'lowkey', 'silly', 'hungry', 'the',
];
