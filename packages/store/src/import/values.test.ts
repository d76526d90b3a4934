import { htmlUnescaper, unescapeAmpLtGt } from './values.js';

describe('htmlUnescaper', () => {
  it('decodes exactly the entities it is given, once: an escaped entity becomes the entity, not its character', () => {
    expect(unescapeAmpLtGt('Q&amp;A &lt;3 &gt;_&lt; a &amp;lt; b')).toBe('Q&A <3 >_< a &lt; b');
    expect(unescapeAmpLtGt('&quot;as typed&quot; &#39; &copy; &amp')).toBe('&quot;as typed&quot; &#39; &copy; &amp');
  });

  it('leaves text without an ampersand as it is', () => {
    const text = 'plain <text>';
    expect(unescapeAmpLtGt(text)).toBe(text);
  });

  it('takes a set of its own', () => {
    const unescape = htmlUnescaper({ '&#39;': "'", '&amp;': '&' });
    expect(unescape('it&#39;s &amp;#39;')).toBe("it's &#39;");
  });
});
