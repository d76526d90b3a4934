import { mapYoutubeItem } from './import-youtube.js';

const snippet = (title: string) => ({
  channelId: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
  channelTitle: 'Google for Developers',
  title,
  publishedAt: '2024-05-14T17:00:00Z',
});

const titleOf = (item: Record<string, unknown>) => {
  const values = mapYoutubeItem(item)?.[0]?.values;
  if (!values || !('title' in values)) throw new Error('expected a video row first');
  return values.title;
};

describe('youtube-v3 titles: search.list snippets escape HTML, videos.list snippets do not', () => {
  it('decodes a search result title once (&amp; &lt; &gt; &quot; &#39;)', () => {
    const item = {
      kind: 'youtube#searchResult',
      id: { kind: 'youtube#video', videoId: 'dQw4w9WgXcQ' },
      snippet: snippet('Rock &amp; Roll: &quot;Don&#39;t&quot; &lt;3 &amp;amp;'),
    };
    expect(titleOf(item)).toBe('Rock & Roll: "Don\'t" <3 &amp;');
  });

  it('keeps a videos.list title as typed', () => {
    const item = { kind: 'youtube#video', id: 'dQw4w9WgXcQ', snippet: snippet('Rock &amp; Roll as typed') };
    expect(titleOf(item)).toBe('Rock &amp; Roll as typed');
  });
});
