import type { MountablePlatform } from '@socialquery/core/server';
import { type PlatformName, storePlatforms } from './platforms/index.js';
import type { StorePlatform } from './platforms/store-platform.js';
import type { Store } from './store.js';

/**
 * The composition root: every platform the service mounts and the CLI exports through, each bound
 * to the store's Source for it (api, cli and bench take them from here). The compiler checks each
 * platform's handlers against its contract (`definePlatform`) and its Source against what they
 * need (`defineStorePlatform`).
 */
export function platformsByName(store: Store): Record<PlatformName, MountablePlatform> {
  const platforms: readonly StorePlatform<PlatformName>[] = storePlatforms;
  const mounted: Partial<Record<PlatformName, MountablePlatform>> = {};
  for (const platform of platforms) mounted[platform.name] = platform.mount(store[platform.name]);
  // every name was set just above, in the platforms' order
  return mounted as Record<PlatformName, MountablePlatform>;
}
