import { commentRecord } from '../comment.case.js';
import { postRecord } from '../post.case.js';
import { redditComment, redditSubmission } from './reddit-records.js';

describe('Reddit-shaped records', () => {
  it("answers a post's fields under the dumps' names, created_utc in seconds, and every source field", () => {
    const post = postRecord({
      id: 'abc',
      title: 'Q & A',
      content: 'body <b>',
      author: 'Someone',
      community: 'AskScience',
      upvotes: 12,
      downvotes: 2,
      score: 10,
      commentCount: 4,
      createdAt: '2023-03-01T10:00:00.500Z',
      url: 'https://www.reddit.com/r/AskScience/comments/abc/q_a/',
      extra: { url: 'https://i.redd.it/x.jpg', over_18: false, link_flair_text: 'Physics', domain: 'i.redd.it' },
    });
    expect(redditSubmission(post)).toEqual({
      id: 'abc',
      title: 'Q & A',
      selftext: 'body <b>',
      author: 'Someone',
      subreddit: 'AskScience',
      score: 10,
      ups: 12,
      downs: 2,
      num_comments: 4,
      created_utc: 1677664800.5,
      permalink: '/r/AskScience/comments/abc/q_a/',
      url: 'https://i.redd.it/x.jpg',
      over_18: false,
      link_flair_text: 'Physics',
      domain: 'i.redd.it',
    });
  });

  it("answers the column as url where the source had no permalink, and as permalink too when it is reddit's", () => {
    const link = redditSubmission(postRecord({ id: 'a', url: 'https://example.com/story' }));
    expect(link.url).toBe('https://example.com/story');
    expect(link).not.toHaveProperty('permalink');
    const self = redditSubmission(postRecord({ id: 'b', url: 'https://www.reddit.com/r/c/comments/b/title/' }));
    expect(self).toMatchObject({
      url: 'https://www.reddit.com/r/c/comments/b/title/',
      permalink: '/r/c/comments/b/title/',
    });
  });

  it('answers link and parent ids with their prefixes, edited as the dumps give it, and no made-up permalink', () => {
    const top = redditComment(
      commentRecord({
        id: 'k1',
        postId: 'abc',
        community: 'AskScience',
        createdAt: '2023-03-01T10:00:00.000Z',
        edited: true,
        editedAt: '2023-03-01T11:00:00.000Z',
        url: 'https://www.reddit.com/r/AskScience/comments/abc/_/k1/',
        extra: { controversiality: 0, ups: 3 },
      }),
    );
    expect(top).toMatchObject({
      id: 'k1',
      link_id: 't3_abc',
      parent_id: 't3_abc',
      created_utc: 1677664800,
      edited: 1677668400,
      distinguished: null,
      stickied: false,
      controversiality: 0,
      ups: 3,
    });
    expect(top).not.toHaveProperty('permalink');
    const reply = redditComment(
      commentRecord({
        id: 'k2',
        postId: 'abc',
        parentId: 'k1',
        edited: true,
        url: 'https://www.reddit.com/r/AskScience/comments/abc/q_a/k2/',
      }),
    );
    expect(reply).toMatchObject({ parent_id: 't1_k1', edited: true, permalink: '/r/AskScience/comments/abc/q_a/k2/' });
    expect(redditComment(commentRecord({ id: 'k3' })).edited).toBe(false);
  });
});
