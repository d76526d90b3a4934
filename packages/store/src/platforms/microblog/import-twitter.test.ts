import { mapArchiveTweet, mapV2Tweet } from './import-twitter.js';

describe('twitter importers: tweet text as each format ships it', () => {
  it('twitter-archive: the v1.1 full_text (or text) escapes &, < and >, decoded once', () => {
    const account = { id: '12', username: 'jack' };
    const tweet = (fields: Record<string, unknown>) => ({
      tweet: { id_str: '20', created_at: 'Tue Mar 21 20:50:14 +0000 2006', ...fields },
    });
    expect(
      mapArchiveTweet(tweet({ full_text: 'fish &amp; chips &lt;3 &gt;_&lt; &amp;amp;' }), account).values.text,
    ).toBe('fish & chips <3 >_< &amp;');
    expect(mapArchiveTweet(tweet({ text: 'a &lt; b' }), account).values.text).toBe('a < b');
  });

  it('twitter-v2: text is kept as the response gives it', () => {
    const { values } = mapV2Tweet(
      { id: '20', author_id: '12', created_at: '2006-03-21T20:50:14.000Z', text: 'R&amp;D as typed' },
      new Map([['12', 'jack']]),
      new Map(),
    );
    expect(values.text).toBe('R&amp;D as typed');
  });
});
