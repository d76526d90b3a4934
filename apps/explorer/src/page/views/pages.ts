import type { Values } from '../api.js';
import type { OperationInfo } from '../spec.js';
import { type Choice, listingView } from './listing-view.js';

/** The listings of one user, community, channel, company or video. */
export const PAGES: readonly Choice[] = [
  { id: 'forum.communityPosts', label: 'Forum community: posts' },
  { id: 'forum.userPosts', label: 'Forum user: posts' },
  { id: 'forum.userComments', label: 'Forum user: comments' },
  { id: 'microblog.userMessages', label: 'Microblog user: messages' },
  { id: 'shortvideo.userPosts', label: 'Short-video user: posts' },
  { id: 'video.channelVideos', label: 'Video channel: uploads' },
  { id: 'video.commentThreads', label: 'Video: comment threads' },
  { id: 'professional.companyEmployees', label: 'Company: employees' },
];

export function pagesView(target: HTMLElement, operations: ReadonlyMap<string, OperationInfo>, values: Values) {
  return listingView(target, 'pages', 'Users and communities', operations, PAGES, values);
}
