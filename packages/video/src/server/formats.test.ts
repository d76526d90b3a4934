import { formatsOf, selectedFormatOf, selectFormat } from './formats.js';

describe('formats and quality selection', () => {
  const ids = ['a', 'bb', 'ccc', 'dddd', 'eeeee', 'ffffff', 'g1', 'h22'];
  const all = ids.map((id) => formatsOf({ id, durationSeconds: 200 }));

  it('offers audio-only, video-only and muxed formats, deterministic per video', () => {
    for (const formats of all) {
      expect(formats.filter((f) => !f.hasVideo)).toHaveLength(3);
      expect(formats.filter((f) => f.hasVideo && !f.hasAudio).length).toBeGreaterThanOrEqual(5);
      expect(formats.some((f) => f.hasVideo && f.hasAudio)).toBe(true);
      expect(new Set(formats.map((f) => f.itag)).size).toBe(formats.length);
    }
    expect(formatsOf({ id: 'a', durationSeconds: 200 })).toEqual(all[0]);
    expect(new Set(all.map((f) => Math.max(...f.map((x) => x.height)))).size).toBeGreaterThan(1);
  });

  it('content length is bitrate × duration / 8', () => {
    for (const f of all[0]!) expect(f.contentLength).toBe(Math.round((f.bitrate * 200) / 8));
  });

  it('best/highest: highest resolution, muxed first at equal height; worst/lowest: lowest', () => {
    for (const formats of all) {
      const top = Math.max(...formats.map((f) => f.height));
      expect(selectFormat(formats).height).toBe(top);
      expect(selectFormat(formats, 'highest')).toEqual(selectFormat(formats, 'best'));
      expect(selectFormat(formats, 'worst')).toMatchObject({ height: 144, hasVideo: true });
      expect(selectFormat(formats, 'lowest')).toEqual(selectFormat(formats, 'worst'));
      expect(selectFormat(formats, '360p')).toMatchObject({ itag: 18, hasAudio: true });
    }
  });

  it('bestaudio: the highest-bitrate audio-only format', () => {
    expect(selectFormat(all[0]!, 'bestaudio')).toMatchObject({ itag: 251, hasVideo: false });
  });

  it('a label: exact, else nearest below, else nearest above', () => {
    const formats = all[0]!;
    expect(selectFormat(formats, '480p').height).toBe(480);
    expect(selectFormat(formats, '500p').height).toBe(480);
    expect(selectFormat(formats, '100p').height).toBe(144);
    expect(selectFormat(formats, '9999p').height).toBe(Math.max(...formats.map((f) => f.height)));
    expect(() => selectFormat(formats, 'hd')).toThrow(RangeError);
  });

  it("selectedFormat has a direct url and the format's fields", () => {
    const f = selectFormat(all[0]!, '720p');
    expect(selectedFormatOf(f, 'a')).toMatchObject({
      itag: f.itag,
      url: expect.stringContaining('itag='),
      height: f.height,
      contentLength: f.contentLength,
    });
  });
});
