import type { MountablePlatform } from '@socialquery/core/server';
import { forumContract } from '@socialquery/forum';
import { createForumExporters, createForumHandlers } from '@socialquery/forum/server';
import { microblogContract } from '@socialquery/microblog';
import { createMicroblogExporters, createMicroblogHandlers } from '@socialquery/microblog/server';
import { musicOperations } from '@socialquery/music';
import { createMusicHandlers } from '@socialquery/music/server';
import { professionalContract } from '@socialquery/professional';
import { createProfessionalExporters, createProfessionalHandlers } from '@socialquery/professional/server';
import { shortvideoContract } from '@socialquery/shortvideo';
import { createShortVideoHandlers } from '@socialquery/shortvideo/server';
import { videoContract } from '@socialquery/video';
import { createVideoHandlers } from '@socialquery/video/server';
import type { Store } from './store.js';

/** The platform groups, by the name the CLI and the docs use. */
export const platformNames = ['forum', 'microblog', 'shortvideo', 'professional', 'video', 'music'] as const;
export type PlatformName = (typeof platformNames)[number];

/** Every platform over a store: a contract, its handlers and its exporters over the store's sources (the service mounts them; the CLI exports through them). */
export function platformsByName(store: Store): Record<PlatformName, MountablePlatform> {
  return {
    forum: { contract: forumContract, handlers: createForumHandlers(store.forum), exporters: createForumExporters(store.forum) } as MountablePlatform,
    microblog: {
      contract: microblogContract, handlers: createMicroblogHandlers(store.microblog), exporters: createMicroblogExporters(store.microblog),
    } as MountablePlatform,
    shortvideo: { contract: shortvideoContract, handlers: createShortVideoHandlers(store.shortvideo) } as MountablePlatform,
    professional: {
      contract: professionalContract, handlers: createProfessionalHandlers(store.professional),
      exporters: createProfessionalExporters(store.professional),
    } as MountablePlatform,
    video: { contract: videoContract, handlers: createVideoHandlers(store.video) } as MountablePlatform,
    music: { contract: musicOperations, handlers: createMusicHandlers(store.music) } as MountablePlatform,
  };
}
