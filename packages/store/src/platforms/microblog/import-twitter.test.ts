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

  const v2Text = (fields: Record<string, unknown>) =>
    mapV2Tweet(
      { id: '20', author_id: '12', created_at: '2006-03-21T20:50:14.000Z', ...fields },
      new Map([['12', 'jack']]),
      new Map(),
    ).values.text;

  it('twitter-v2: text escapes &, < and > as v1.1 did, decoded once', () => {
    expect(v2Text({ text: 'R&amp;D &lt;3 &gt;_&lt; &amp;amp; &quot;as sent&quot;' })).toBe(
      'R&D <3 >_< &amp; &quot;as sent&quot;',
    );
  });

  it('twitter-v2: a long post is whole in note_tweet.text, which wins over the cut text', () => {
    const whole = `${'word '.repeat(70)}&amp; the end`;
    expect(v2Text({ text: `${'word '.repeat(55)}…`, note_tweet: { text: whole } })).toBe(
      `${'word '.repeat(70)}& the end`,
    );
    expect(v2Text({ text: 'short', note_tweet: {} })).toBe('short');
  });
});
