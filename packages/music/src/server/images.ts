import type { Image } from '@socialquery/core';
import type { CatalogKind } from '../uri.js';

const SIZES = [64, 300, 640] as const;

/**
 * The demo's pictures of an object none were recorded for (imported objects answer their source's,
 * none included): three squares, derived from the object's kind and id.
 */
export function imagesOf(kind: CatalogKind, id: string): Image[] {
  const base = `https://img.socialquery.example/music/${kind}/${encodeURIComponent(id)}`;
  return SIZES.map((size) => ({ url: `${base}/${size}.jpg`, width: size, height: size }));
}
