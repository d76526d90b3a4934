import { parseFeed } from '@rowanmanning/feed-parser';
import { escapeHtml, renderFeed, xmlText } from './render.js';

describe('feed texts', () => {
  it('xmlText drops what XML 1.0 cannot hold (controls, lone surrogates) and keeps the rest, emoji included', () => {
    expect(xmlText('a\u0000b\u0008c\u000Bd\u001Fe\tf\ng\rh')).toBe('abcde\tf\ng\rh');
    expect(xmlText('x\uD800y\uDC00z \uFFFE\uFFFF')).toBe('xyz ');
    expect(xmlText('café 🎸 ok')).toBe('café 🎸 ok');
  });

  it('escapeHtml escapes the five characters HTML gives meaning to', () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;',
    );
  });

  it('a text with a lone surrogate still makes a document a parser reads, in both formats', () => {
    for (const format of ['atom', 'rss'] as const) {
      const xml = renderFeed(format, {
        id: 'urn:socialquery:feed:test',
        title: 'T\uD800',
        description: 'd',
        link: 'http://localhost/x',
        entries: [
          {
            id: 'urn:socialquery:test:item:1',
            title: 'broken \uDC00 title 🎸',
            link: 'https://example.org/1',
            published: new Date('2026-01-01T00:00:00.000Z'),
            updated: new Date('2026-01-02T00:00:00.000Z'),
            authors: ['a\u0001b'],
            summary: 's',
            content: 'line one\nline two\n\nsecond paragraph',
          },
        ],
      });
      const feed = parseFeed(xml);
      expect(feed.title).toBe('T');
      expect(feed.items[0]).toMatchObject({
        title: 'broken  title 🎸',
        authors: [expect.objectContaining({ name: 'ab' })],
      });
      expect(feed.items[0]!.content).toBe('<p>line one<br>line two</p><p>second paragraph</p>');
      expect(xml).not.toContain('rel="self"');
    }
  });
});
