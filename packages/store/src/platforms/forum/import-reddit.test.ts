import { mapRedditSubmission } from './import-reddit.js';

const submission = (fields: Record<string, unknown>) => ({
  id: 'abc123',
  subreddit: 'programming',
  author: 'someone',
  created_utc: 1_700_000_000,
  score: 5,
  ...fields,
});

describe('reddit-ndjson submissions: text as the dumps escape it', () => {
  it('decodes &amp; &lt; &gt; in title and selftext once, as Reddit escapes them', () => {
    const { values } = mapRedditSubmission(
      submission({ title: 'Q&amp;A: &gt;_&lt; and &amp;lt;3', selftext: 'if a &lt; b &amp;&amp; c &gt; d' }),
    );
    expect(values.title).toBe('Q&A: >_< and &lt;3');
    expect(values.content).toBe('if a < b && c > d');
  });

  it('leaves what Reddit does not escape as it is (quotes, other entities)', () => {
    const { values } = mapRedditSubmission(
      submission({ title: '&quot;quoted&quot; &#39;x&#39; &copy;', selftext: '' }),
    );
    expect(values.title).toBe('&quot;quoted&quot; &#39;x&#39; &copy;');
  });
});

describe('reddit-ndjson submissions: ids', () => {
  it('takes an id with or without its t3_ prefix as the same post', () => {
    expect(mapRedditSubmission(submission({ id: 't3_abc123', title: 't' })).values.id).toBe('abc123');
    expect(mapRedditSubmission(submission({ title: 't' })).values.id).toBe('abc123');
  });
});
