import type { Format, SelectedFormat } from '../schemas.js';
import { QUALITY_LABEL } from '../schemas.js';

/** Video heights offered, with the video-only itag and bitrate (bits/s) of each. */
const VIDEO_LADDER = [
  { height: 144, itag: 160, bitrate: 110_000 },
  { height: 240, itag: 133, bitrate: 250_000 },
  { height: 360, itag: 134, bitrate: 650_000 },
  { height: 480, itag: 135, bitrate: 1_200_000 },
  { height: 720, itag: 136, bitrate: 2_500_000 },
  { height: 1080, itag: 137, bitrate: 4_500_000 },
  { height: 1440, itag: 271, bitrate: 9_000_000 },
  { height: 2160, itag: 313, bitrate: 18_000_000 },
] as const;
const MUXED = [
  { height: 360, itag: 18, bitrate: 700_000 },
  { height: 720, itag: 22, bitrate: 2_700_000 },
] as const;
const AUDIO = [
  {
    itag: 139,
    bitrate: 48_000,
    mimeType: 'audio/mp4; codecs="mp4a.40.5"',
    container: 'mp4',
    quality: 'AUDIO_QUALITY_LOW',
  },
  {
    itag: 140,
    bitrate: 128_000,
    mimeType: 'audio/mp4; codecs="mp4a.40.2"',
    container: 'mp4',
    quality: 'AUDIO_QUALITY_MEDIUM',
  },
  {
    itag: 251,
    bitrate: 160_000,
    mimeType: 'audio/webm; codecs="opus"',
    container: 'webm',
    quality: 'AUDIO_QUALITY_MEDIUM',
  },
] as const;

const QUALITY_NAMES: Record<number, string> = {
  144: 'tiny',
  240: 'small',
  360: 'medium',
  480: 'large',
  720: 'hd720',
  1080: 'hd1080',
  1440: 'hd1440',
  2160: 'hd2160',
};

/** A stable hash of the video id (FNV-1a), so every video has its own, fixed, top resolution. */
function hashOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * The formats of a video, computed from its id and duration (deterministic; no table): audio-only
 * (3), video-only (144p up to the video's top resolution, 720p–2160p by id) and muxed (360p, and
 * 720p when the top resolution reaches it). Content lengths are bitrate × duration.
 */
export function formatsOf(video: { id: string; durationSeconds: number }): Format[] {
  const tops = [720, 1080, 1080, 1440, 2160] as const;
  const top = tops[hashOf(video.id) % tops.length] ?? 1080;
  const length = (bitrate: number) => Math.round((bitrate * Math.max(1, video.durationSeconds)) / 8);
  const size = (height: number) => ({ width: Math.round((height * 16) / 9), height });
  const formats: Format[] = [];
  for (const m of MUXED) {
    if (m.height > top) continue;
    formats.push({
      itag: m.itag,
      mimeType: 'video/mp4; codecs="avc1.64001F, mp4a.40.2"',
      hasVideo: true,
      hasAudio: true,
      quality: QUALITY_NAMES[m.height] ?? 'medium',
      qualityLabel: `${m.height}p`,
      container: 'mp4',
      ...size(m.height),
      contentLength: length(m.bitrate),
      bitrate: m.bitrate,
    });
  }
  for (const v of VIDEO_LADDER) {
    if (v.height > top) continue;
    const webm = v.height > 1080;
    formats.push({
      itag: v.itag,
      mimeType: webm ? 'video/webm; codecs="vp9"' : 'video/mp4; codecs="avc1.4d401f"',
      hasVideo: true,
      hasAudio: false,
      quality: QUALITY_NAMES[v.height] ?? 'medium',
      qualityLabel: `${v.height}p`,
      container: webm ? 'webm' : 'mp4',
      ...size(v.height),
      contentLength: length(v.bitrate),
      bitrate: v.bitrate,
    });
  }
  for (const a of AUDIO) {
    formats.push({
      itag: a.itag,
      mimeType: a.mimeType,
      hasVideo: false,
      hasAudio: true,
      quality: a.quality,
      qualityLabel: '',
      container: a.container,
      width: 0,
      height: 0,
      contentLength: length(a.bitrate),
      bitrate: a.bitrate,
    });
  }
  return formats;
}

/** Video formats ordered by height, muxed before video-only at equal height. */
function byHeight(formats: readonly Format[], direction: 1 | -1): Format[] {
  return formats
    .filter((f) => f.hasVideo)
    .sort((a, b) => direction * (a.height - b.height) || Number(b.hasAudio) - Number(a.hasAudio));
}

/**
 * The format `quality` selects (a value the schema accepted): best/highest (default) → the highest
 * resolution (muxed preferred at equal height); worst/lowest → the lowest (muxed preferred);
 * bestaudio → the highest-bitrate audio-only; `<n>p` → that height, else the nearest below, else
 * the nearest above (muxed preferred at equal height).
 */
export function selectFormat(formats: readonly Format[], quality = 'best'): Format {
  let chosen: Format | undefined;
  if (quality === 'best' || quality === 'highest') chosen = byHeight(formats, -1)[0];
  else if (quality === 'worst' || quality === 'lowest') chosen = byHeight(formats, 1)[0];
  else if (quality === 'bestaudio')
    chosen = formats.filter((f) => !f.hasVideo).sort((a, b) => b.bitrate - a.bitrate)[0];
  else {
    const match = QUALITY_LABEL.exec(quality);
    if (!match) throw new RangeError(`unknown quality ${quality}`);
    const wanted = Number(match[1]);
    const descending = byHeight(formats, -1);
    chosen = descending.find((f) => f.height <= wanted) ?? byHeight(formats, 1)[0];
  }
  if (!chosen) throw new Error('a video has at least one format of each kind');
  return chosen;
}

export function selectedFormatOf(format: Format, videoId: string): SelectedFormat {
  const { itag, mimeType, quality, container, hasVideo, hasAudio, width, height, contentLength } = format;
  const url = `https://media.socialquery.example/videoplayback?id=${encodeURIComponent(videoId)}&itag=${itag}`;
  return { itag, url, mimeType, quality, container, hasVideo, hasAudio, width, height, contentLength };
}
