import { z } from 'zod';
import {
  fieldPaths,
  FieldsError,
  locateRecords,
  parseFields,
  pickFields,
  type Select,
  type Trimmed,
  trimRecords,
} from './fields.js';
import { envelope, pagedEnvelope } from './schemas.js';

const Author = z.object({ name: z.string(), avatar: z.array(z.object({ url: z.string(), width: z.number() })) });
const Post = z.object({
  id: z.string(),
  title: z.string(),
  author: Author,
  media: z.array(z.object({ type: z.string(), url: z.string() })),
  repost: z.object({ id: z.string(), title: z.string() }).nullable(),
  tags: z.array(z.string()),
});
const post = {
  id: 'p1',
  title: 'Hello',
  author: { name: 'ann', avatar: [{ url: 'a.png', width: 10 }] },
  media: [
    { type: 'photo', url: 'm1' },
    { type: 'video', url: 'm2' },
  ],
  repost: null,
  tags: ['x'],
};

describe('locateRecords', () => {
  it('a bare list (one array of objects beside scalar paging fields): each element', () => {
    const records = locateRecords(z.object({ posts: z.array(Post), nextToken: z.string() }));
    expect(records.path).toEqual(['posts']);
    expect(records.many).toBe(true);
    expect([...records.fields.keys()]).toEqual(['id', 'title', 'author', 'media', 'repost', 'tags']);
  });

  it('an envelope whose data is an array, or a list wrapper with scalar totals: the items', () => {
    expect(locateRecords(envelope(z.array(Post)))).toMatchObject({ path: ['data'], many: true });
    const page = envelope(z.object({ totalCount: z.number(), offset: z.number(), items: z.array(Post) }));
    expect(locateRecords(page)).toMatchObject({ path: ['data', 'items'], many: true });
    const search = pagedEnvelope(z.object({ contents: z.array(Post), refinements: z.array(z.string()) }));
    expect(locateRecords(search)).toMatchObject({ path: ['data', 'contents'], many: true });
  });

  it('an envelope whose data is a detail object (several structured members): the data object itself', () => {
    const detail = z.object({ success: z.literal(true), cost: z.number(), data: Post });
    expect(locateRecords(detail)).toMatchObject({ path: ['data'], many: false });
    const streaming = envelope(
      z.object({ formats: z.array(z.object({ itag: z.number() })), selected: z.object({ itag: z.number() }) }),
    );
    expect(locateRecords(streaming)).toMatchObject({ path: ['data'], many: false });
  });

  it('merges the fields of a union and steps through nullable and array wrappers', () => {
    const Track = z.object({ type: z.literal('track'), id: z.string(), duration: z.number() });
    const Album = z.object({ type: z.literal('album'), id: z.string(), year: z.number() });
    const records = locateRecords(envelope(z.array(z.union([Track, Album]))));
    expect(fieldPaths(records.fields)).toEqual(['type', 'id', 'duration', 'year']);
    expect(fieldPaths(locateRecords(z.object({ posts: z.array(Post) })).fields)).toEqual([
      'id',
      'title',
      'author',
      'author.name',
      'author.avatar',
      'author.avatar.url',
      'author.avatar.width',
      'media',
      'media.type',
      'media.url',
      'repost',
      'repost.id',
      'repost.title',
      'tags',
    ]);
  });
});

describe('parseFields and pickFields', () => {
  const { fields } = locateRecords(z.object({ posts: z.array(Post) }));

  it('keeps the selected paths, in the record’s own key order, stepping through arrays and nulls', () => {
    const selection = parseFields('author.name,id,media.url,repost.id', fields);
    expect(pickFields(post, selection)).toEqual({
      id: 'p1',
      author: { name: 'ann' },
      media: [{ url: 'm1' }, { url: 'm2' }],
      repost: null,
    });
    expect(Object.keys(pickFields(post, selection) as object)).toEqual(['id', 'author', 'media', 'repost']);
  });

  it('a parent path selects the whole value, whatever else names its children', () => {
    for (const value of ['author,author.name', 'author.name,author']) {
      expect(pickFields(post, parseFields(value, fields))).toEqual({ author: post.author });
    }
  });

  it('takes a list as well as a comma-separated string, and trims spaces around paths', () => {
    expect(pickFields(post, parseFields(['id', 'title'], fields))).toEqual({ id: 'p1', title: 'Hello' });
    expect(pickFields(post, parseFields(' id , title ', fields))).toEqual({ id: 'p1', title: 'Hello' });
  });

  it('refuses an unknown path naming the valid fields at the level where it went wrong', () => {
    expect(() => parseFields('titel', fields)).toThrow(
      "unknown field 'titel'; valid fields: id, title, author, media, repost, tags",
    );
    expect(() => parseFields('author.nme', fields)).toThrow(
      "unknown field 'author.nme'; valid fields of author: author.name, author.avatar",
    );
    expect(() => parseFields('id.length', fields)).toThrow("'id' has no fields to select ('id.length')");
    expect(() => parseFields('tags.x', fields)).toThrow("'tags' has no fields to select");
  });

  it('refuses empty paths and an empty list, with the issue on `fields`', () => {
    for (const value of ['', 'id,', ',id', 'id,,title', 'author.', '.id', []]) {
      const attempt = () => parseFields(value, fields);
      expect(attempt).toThrow(FieldsError);
    }
    try {
      parseFields('nope,id,alsonope', fields);
      throw new Error('unreachable');
    } catch (error) {
      expect((error as FieldsError).issues).toHaveLength(2);
      expect((error as FieldsError).issues.every((issue) => issue.path === 'fields')).toBe(true);
    }
  });
});

describe('trimRecords', () => {
  it('trims each item of a list and leaves the envelope as it is', () => {
    const response = z.object({ posts: z.array(Post), nextToken: z.string() });
    const records = locateRecords(response);
    const body = { posts: [post, { ...post, id: 'p2' }], nextToken: 'abc' };
    expect(trimRecords(body, records, parseFields('id', records.fields))).toEqual({
      posts: [{ id: 'p1' }, { id: 'p2' }],
      nextToken: 'abc',
    });
    expect(body.posts[0]).toBe(post); // the handler's body is not changed
  });

  it('trims the data object of an envelope, keeping message, statusCode and pagination', () => {
    const response = pagedEnvelope(Post);
    const records = locateRecords(response);
    const body = { message: 'OK', statusCode: 200, data: post, pagination: { total: 1, hasMore: false } };
    expect(trimRecords(body, records, parseFields('title', records.fields))).toEqual({
      ...body,
      data: { title: 'Hello' },
    });
  });
});

describe('types of a trimmed response', () => {
  it('Select and Trimmed keep only the selected keys', () => {
    type PostType = z.infer<typeof Post>;
    const selected: Select<PostType, 'id' | 'author.name'> = { id: 'p1', author: { name: 'ann' } };
    // @ts-expect-error title is not selected
    const wrong: Select<PostType, 'id'> = { id: 'p1', title: 'x' };
    interface List {
      posts: PostType[];
      nextToken: string;
    }
    const trimmed: Trimmed<List, 'id'> = { posts: [{ id: 'p1' }], nextToken: '' };
    interface Env {
      message: string;
      statusCode: 200;
      data: { totalCount: number; items: PostType[] };
    }
    const env: Trimmed<Env, 'title'> = {
      message: 'OK',
      statusCode: 200,
      data: { totalCount: 1, items: [{ title: 'x' }] },
    };
    // an array of scalars beside the records is kept as it is (a batch lookup's notFound)
    interface Batch {
      posts: PostType[];
      notFound: string[];
    }
    const batch: Trimmed<Batch, 'id'> = { posts: [{ id: 'p1' }], notFound: ['p2'] };
    // @ts-expect-error title is not selected
    const batchWrong: Trimmed<Batch, 'id'> = { posts: [{ id: 'p1', title: 'x' }], notFound: [] };
    expect([selected, wrong, trimmed, env, batch, batchWrong]).toHaveLength(6);
  });
});
