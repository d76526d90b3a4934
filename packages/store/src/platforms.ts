import { bindPlatform, type MountablePlatform } from '@socialquery/core/server';
import { forumPlatform } from '@socialquery/forum/server';
import { microblogPlatform } from '@socialquery/microblog/server';
import { musicPlatform } from '@socialquery/music/server';
import { professionalPlatform } from '@socialquery/professional/server';
import { shortvideoPlatform } from '@socialquery/shortvideo/server';
import { videoPlatform } from '@socialquery/video/server';
import type { Store } from './store.js';

/**
 * The composition root: every platform the service mounts and the CLI exports through, each bound
 * to the store's Source for it, in one place (api, cli and bench take them from here). The
 * compiler checks each platform's handlers against its contract (`definePlatform`) and each
 * Source against what its handlers need (`bindPlatform`); no casts.
 */
export const platformNames = ['forum', 'microblog', 'shortvideo', 'professional', 'video', 'music'] as const;
export type PlatformName = (typeof platformNames)[number];

/** Every platform over a store: a contract, its handlers and its exporters over the store's sources. */
export function platformsByName(store: Store): Record<PlatformName, MountablePlatform> {
  return {
    forum: bindPlatform(forumPlatform, store.forum),
    microblog: bindPlatform(microblogPlatform, store.microblog),
    shortvideo: bindPlatform(shortvideoPlatform, store.shortvideo),
    professional: bindPlatform(professionalPlatform, store.professional),
    video: bindPlatform(videoPlatform, store.video),
    music: bindPlatform(musicPlatform, store.music),
  };
}
