/**
 * Text material of the music demo: genres and moods, artist, album, track, playlist, podcast
 * and concert names, and lyric lines. Plain letters, digits and spaces only in searched names, so
 * SQLite's and PostgreSQL's tokenisers split them the same way.
 */

export const GENRES = [
  'pop', 'rock', 'hip hop', 'soul', 'indie', 'electronic', 'house', 'techno', 'jazz', 'blues', 'classical', 'country', 'folk', 'metal',
  'punk', 'reggae', 'latin', 'korean pop', 'afrobeats', 'ambient', 'lofi', 'funk', 'disco', 'gospel', 'trap', 'drum and bass',
  'alternative', 'grunge', 'bossa nova', 'synthwave',
] as const;

export const MOODS = ['chill', 'focus', 'workout', 'party', 'sleep', 'love songs', 'happy', 'sad', 'energetic', 'relax', 'study', 'dinner', 'road trip', 'summer'] as const;

export const COLORS = ['#1e3264', '#e8115b', '#148a08', '#bc5900', '#8d67ab', '#e1118c', '#477d95', '#dc148c', '#503750', '#ba5d07', '#27856a', '#7358ff'] as const;

export const BAND_ADJECTIVES = [
  'Silver', 'Electric', 'Velvet', 'Neon', 'Golden', 'Midnight', 'Crystal', 'Wild', 'Broken', 'Paper', 'Lunar', 'Crimson', 'Hollow', 'Atomic',
  'Secret', 'Northern', 'Gentle', 'Savage', 'Cosmic', 'Violet', 'Frozen', 'Burning', 'Lazy', 'Lost', 'Young', 'Blue', 'Black', 'Static',
] as const;

export const BAND_NOUNS = [
  'Foxes', 'Tigers', 'Echoes', 'Rivers', 'Wolves', 'Machines', 'Shadows', 'Parade', 'Satellites', 'Hearts', 'Giants', 'Horizons', 'Ghosts',
  'Lanterns', 'Pilots', 'Owls', 'Kings', 'Sparrows', 'Mirrors', 'Waves', 'Comets', 'Strangers', 'Dreamers', 'Orchestra', 'Club', 'Collective',
] as const;

export const STAGE_PREFIXES = ['DJ', 'Lil', 'MC', 'Young', 'Big', 'Saint', 'Kid', 'Miss'] as const;

export const STAGE_WORDS = [
  'Nova', 'Blaze', 'Echo', 'Zephyr', 'Onyx', 'Jade', 'Rio', 'Skye', 'Ace', 'Storm', 'Vega', 'Indigo', 'Orion', 'Raven', 'Sol', 'Kairo',
  'Lux', 'Nyx', 'Atlas', 'Rumi', 'Zuri', 'Cruz', 'Bex', 'Mako', 'Love',
] as const;

/**
 * Song-title words. `love` is the demo's keyword with results of every kind: also a stage name
 * word, a mood ("Love Songs"), a podcast topic and a listener surname.
 */
export const TITLE_WORDS = [
  'love', 'night', 'fire', 'heart', 'dream', 'summer', 'rain', 'gold', 'home', 'light', 'dance', 'stars', 'ocean', 'city', 'midnight',
  'tonight', 'forever', 'wild', 'blue', 'sky', 'run', 'alive', 'paradise', 'shadow', 'echo', 'velvet', 'sunset', 'river', 'highway', 'neon',
] as const;

export const TITLE_TEMPLATES = [
  '{Word}', '{Word} {Word2}', '{Word} of {Word2}', 'Love in the {Word}', '{Word} Tonight', 'Night {Word}', 'All the {Word}', 'Lost in {Word}',
  'Hold On to the {Word}', '{Word} Again', 'Chasing {Word}', 'My {Word}', 'Under the {Word}', 'Last {Word}', 'Before the {Word}',
  '{Word} Song', 'Falling {Word}', 'Only {Word}', 'Electric {Word}', 'Slow {Word}', 'Say You Love Me', 'Midnight Love', 'Summer Nights',
] as const;

export const ALBUM_TEMPLATES = [
  '{Word}', 'The {Word} Sessions', '{Word} and {Word2}', 'Songs for {Word}', 'A Night of {Word}', '{Word} Season', 'Between {Word} and {Word2}',
  'Everything {Word}', 'Side {Letter}', 'Volume {N}', 'Live at the {Word} Hall', '{Word} Stories', 'After the {Word}', 'Mother {Word}',
] as const;

export const COMPILATION_TEMPLATES = ['Greatest Hits', 'The Very Best of {Artist}', 'Essentials', 'Anthology {N}', 'The Singles', 'Gold', 'Collected {Word}'] as const;

export const LABELS = ['Northbound Records', 'Blue Harbor Music', 'Sunday Tapes', 'Night Owl Recordings', 'Parallel Sound', 'Goldleaf Music', 'Open Field Records', 'Independent'] as const;

export const PLAYLIST_TEMPLATES = [
  '{mood} {genre}', '{genre} favorites', 'my {genre} mix', '{mood} vibes', 'songs for {activity}', '{activity} playlist', 'best of {genre}',
  '{genre} {year}', 'late night {genre}', '{mood} mornings', 'on repeat', '{genre} for {activity}', 'throwback {genre}', '{mood} and {mood2}',
] as const;

export const ACTIVITIES = ['running', 'cooking', 'studying', 'driving', 'the gym', 'coding', 'a rainy day', 'the beach', 'sleeping', 'a party', 'reading', 'cleaning'] as const;

export const SHOW_TOPICS = [
  'history', 'science', 'true crime', 'comedy', 'business', 'technology', 'football', 'music', 'film', 'health', 'parenting', 'travel',
  'politics', 'philosophy', 'design', 'cooking', 'gaming', 'language learning', 'startups', 'climate', 'love and dating',
] as const;

export const SHOW_TEMPLATES = ['The {Topic} Podcast', '{Topic} Daily', '{Topic} Weekly', 'Talking {Topic}', 'Inside {Topic}', 'The {Topic} Hour', '{Topic} Explained', 'Deep Dive {Topic}'] as const;

export const EPISODE_TEMPLATES = [
  'Episode {n}: {Topic} with {guest}', 'What nobody tells you about {topic}', '{n} lessons from {guest}', 'The future of {topic}',
  'Listener questions, part {n}', 'A beginner guide to {topic}', 'Live from {city}', 'Why {topic} matters now', 'Best of {year}',
] as const;

export const PUBLISHERS = ['Open Mic Media', 'Lantern Audio', 'Brightside Studios', 'Wavelength Network', 'Independent', 'Civic Radio', 'Signal Podcasts'] as const;

export const VENUES = ['Arena', 'Hall', 'Theatre', 'Stadium', 'Club', 'Ballroom', 'Pavilion', 'Amphitheatre'] as const;

export const CITIES = [
  ['London', 'GB'], ['Berlin', 'DE'], ['Paris', 'FR'], ['New York', 'US'], ['Los Angeles', 'US'], ['Chicago', 'US'], ['Toronto', 'CA'], ['Sydney', 'AU'],
  ['Tokyo', 'JP'], ['Seoul', 'KR'], ['Mexico City', 'MX'], ['Sao Paulo', 'BR'], ['Madrid', 'ES'], ['Amsterdam', 'NL'], ['Stockholm', 'SE'], ['Lagos', 'NG'],
] as const;

export const FESTIVALS = ['Summer Sound Festival', 'Northern Lights Fest', 'Riverside Festival', 'Golden Fields Festival'] as const;

export const LYRIC_LINES = [
  'I have been waiting all night for you', 'The city lights are calling out my name', 'We were young and the summer was ours',
  'Hold me close until the morning comes', 'Every heartbeat sounds like a drum', 'Running down the highway with the windows down',
  'Tell me that you feel it too', 'The stars are falling in your eyes', 'Nothing lasts forever but we can try',
  'Dancing in the kitchen at midnight', 'I keep on coming back to you', 'Rain on the window, music on the radio',
  'Say the word and I will stay', 'We are gold under the neon sky', 'Another night, another dream',
  'Oh oh oh', 'Yeah yeah', 'Light it up, light it up', 'Take me home tonight', 'Your love is a fire that never dies',
  'I will be there when the sun goes down', 'Let the music play', 'Can you hear the echo of my heart',
] as const;
