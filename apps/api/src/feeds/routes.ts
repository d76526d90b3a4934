import { fillPath, type Operation, parameterMaximum, queryParamNames } from '@socialquery/core';
import {
  type HandlerContext,
  type MountablePlatform,
  type OperationHandler,
  paramsParser,
  ServiceError,
} from '@socialquery/core/server';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import { sendError } from '../error-response.js';
import { createHeavyWork } from '../heavy-work.js';
import { methodNotAllowed, type MountDeps } from '../mount.js';
import { contextOf } from '../request-context.js';
import type { FeedEntry } from './feed-entry.js';
import { type FeedListing, feedListings, type FeedSource } from './listings.js';
import { FEED_CONTENT_TYPES, type FeedFormat, feedFormats, lastModifiedOf, renderFeed } from './render.js';

/** Entries of a feed: the first page of its listing at this size (or the listing's largest page, if smaller). */
export const FEED_SIZE = 50;

const EXTENSION = /\.(atom|rss)$/i;

/** A source bound to the handler that answers it, with the parameters the feed sets on it. */
interface BoundSource {
  source: FeedSource;
  run: OperationHandler<Operation>;
  parse: ReturnType<typeof paramsParser>;
  /** Its page size parameter and the size the feed asks. */
  limit: { name: string; size: number } | undefined;
}

/** A feed the service serves: its listing, bound to the mounted handlers. */
interface ServedFeed {
  listing: FeedListing;
  /** Route segments: a literal (lower-cased), or the parameter a segment fills. */
  segments: readonly (string | { param: string })[];
  sources: readonly BoundSource[];
  /** Query parameters a request may pass through to the listing. */
  accepted: readonly string[];
  gate: RequestHandler | undefined;
  charge: RequestHandler;
}

/** What the first middleware learnt about a feed request, for the next ones. */
interface FeedRequest {
  feed: ServedFeed;
  format: FeedFormat;
  params: Record<string, unknown>[];
  /** The route's values, decoded (the feed's id). */
  values: Record<string, string>;
  /** The listing's parameters as the request gave them (the feed's id and alternate link). */
  given: Record<string, string>;
}

const feedRequests = new WeakMap<Response, FeedRequest>();

function feedRequestOf(res: Response): FeedRequest {
  const found = feedRequests.get(res);
  if (!found) throw new Error('feeds: a feed middleware ran before the feed was matched');
  return found;
}

/**
 * The feeds (docs/feeds.md), mounted at FEEDS_PATH: `/{feedToken}/<listing path>.atom|.rss`.
 * Each request is matched against the listings' routes, authenticated by its feed token (the only
 * credential feeds take, and feeds are all it is good for), validated by the listing operations'
 * own parameter schemas, admitted by the heavy-work gate where the listing is heavy, charged to
 * the token's request budget like any request, and answered from the operations' own handlers.
 * One middleware chain matches paths itself rather than one Express route per feed: the feeds are
 * not operations of the JSON API, whose routes the OpenAPI document lists one for one.
 */
export function mountFeeds(
  platforms: readonly MountablePlatform[],
  deps: MountDeps,
  listings: readonly FeedListing[] = feedListings,
): Router {
  const clock = deps.clock ?? (() => new Date());
  const heavyWork = deps.heavyWork ?? createHeavyWork();
  const served = listings.flatMap((listing) => {
    const feed = serve(listing, platforms, deps, heavyWork);
    return feed ? [feed] : [];
  });
  const router = Router();

  router.use(async (req, res, next) => {
    const matched = match(served, req.path);
    if (!matched) {
      sendError(res, 'not_found', 'no feed at this path; feeds are /api/v1/feeds/{feedToken}/<listing>.atom or .rss');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(req, res, next);
    const { feed, format, token, values } = matched;
    if (token === '')
      throw new ServiceError('missing_credentials', 'a feed URL carries a feed token after /api/v1/feeds/');
    const credentialId = await deps.credentials.check(token, 'feed');
    if (credentialId === null) {
      throw new ServiceError(
        'invalid_credentials',
        'the feed token is unknown, revoked, or not a feed token (feeds take only tokens made by `keys create --kind feed`)',
      );
    }
    const context = contextOf(res);
    context.credentialId = credentialId;
    const { params, given } = validate(feed, values, req.query);
    context.params = params[0];
    feedRequests.set(res, { feed, format, params, values, given });
    next();
  });
  router.use((req, res, next) => {
    const { gate } = feedRequestOf(res).feed;
    if (gate) return gate(req, res, next);
    next();
  });
  router.use((req, res, next) => feedRequestOf(res).feed.charge(req, res, next));
  router.use(async (req, res) => {
    const { feed, format, params, values, given } = feedRequestOf(res);
    const ctx: HandlerContext = { now: clock(), cursors: deps.cursors, requestId: contextOf(res).requestId };
    const pages = await Promise.all(
      feed.sources.map(async ({ source, run }, i) => {
        const sourceParams = params[i] ?? {};
        return source.read(await run(sourceParams, ctx), sourceParams);
      }),
    );
    deps.dataHealth?.succeeded();
    const entries = pages.length === 1 ? (pages[0]?.entries ?? []) : newestFirst(pages.flatMap((page) => page.entries));
    const name = pages.find((page) => page.name !== undefined)?.name;
    const primary = feed.sources[0]!.source.operation;
    const body = renderFeed(format, {
      id: feedId(feed, values, given),
      title: feed.listing.title(params[0] ?? {}, name),
      description: `${primary.summary}: the first ${FEED_SIZE} entries of the listing (socialquery)`,
      link: listingUrl(req, primary, params[0] ?? {}, given),
      entries,
    });
    const lastModified = lastModifiedOf(entries);
    if (lastModified) res.setHeader('Last-Modified', lastModified.toUTCString());
    res.type(FEED_CONTENT_TYPES[format]);
    // res.send sets the ETag (the app's weak ETag of the body) and answers a fresh conditional GET with 304
    res.send(body);
  });
  return router;
}

/** The listing bound to the mounted handlers of its operations; undefined when one of them is not mounted. */
function serve(
  listing: FeedListing,
  platforms: readonly MountablePlatform[],
  deps: MountDeps,
  heavyWork: NonNullable<MountDeps['heavyWork']>,
): ServedFeed | undefined {
  const segments = listing.route.split('/').map((segment) => {
    const param = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(segment)?.[1];
    return param ? { param } : segment.toLowerCase();
  });
  const bound: BoundSource[] = [];
  for (const source of listing.sources) {
    const run = handlerOf(source.operation, platforms, deps);
    if (!run) return undefined;
    bound.push({ source, run, parse: paramsParser(source.operation), limit: limitOf(source.operation) });
  }
  const primary = listing.sources[0]?.operation;
  if (!primary) throw new Error(`feed ${listing.route}: no source`);
  const set = new Set([
    ...segments.flatMap((segment) => (typeof segment === 'string' ? [] : [segment.param])),
    ...Object.keys(listing.fixed ?? {}),
    ...listing.sources.flatMap(({ operation }) => pagingParams(operation)),
  ]);
  const accepted = queryParamNames(primary).filter((name) => !set.has(name));
  // the budget is charged what reading every source costs; the heavy-work gate admits it if any is heavy
  const charged: Operation = {
    ...primary,
    id: `feed:${listing.route}`,
    cost: (params) => listing.sources.reduce((sum, { operation }) => sum + (operation.cost?.(params) ?? 1), 0),
    heavy: listing.sources.some(({ operation }) => operation.heavy === true),
  };
  return {
    listing,
    segments,
    sources: bound,
    accepted,
    gate: heavyWork.gate(charged, false),
    charge: deps.budget.charge(charged),
  };
}

/** The mounted handler of an operation (on a reader thread where mount.ts runs it there), found by its id. */
function handlerOf(
  operation: Operation,
  platforms: readonly MountablePlatform[],
  { readers }: MountDeps,
): OperationHandler<Operation> | undefined {
  for (const { contract, handlers } of platforms) {
    for (const [name, mounted] of Object.entries(contract)) {
      if (mounted.id !== operation.id) continue;
      const own = handlers[name];
      if (!own) return undefined;
      return operation.heavy && readers?.runsHeavyOperations
        ? (params, ctx) => readers.run(operation.id, params as Record<string, unknown>, ctx)
        : own;
    }
  }
  return undefined;
}

/** The query parameters that page a listing: a feed always reads the first page, at its own size. */
function pagingParams(operation: Operation): string[] {
  const paging = operation.paging;
  if (!paging) return [];
  if (paging.kind === 'offset') return ['offset', 'limit'];
  return [paging.param, ...(paging.limitParam ? [paging.limitParam] : [])];
}

function limitOf(operation: Operation): BoundSource['limit'] {
  const paging = operation.paging;
  const name = paging?.kind === 'offset' ? 'limit' : paging?.limitParam;
  return name ? { name, size: Math.min(FEED_SIZE, parameterMaximum(operation, name)) } : undefined;
}

interface Matched {
  feed: ServedFeed;
  format: FeedFormat;
  token: string;
  /** The route's parameters, decoded. */
  values: Record<string, string>;
}

/** `/{token}/<route>.<atom|rss>` → the feed and its values; undefined when no feed has that path. */
function match(served: readonly ServedFeed[], path: string): Matched | undefined {
  const extension = EXTENSION.exec(path);
  if (!extension) return undefined;
  const format = feedFormats.find((name) => name === extension[1]?.toLowerCase());
  if (!format) return undefined;
  const [, rawToken = '', ...rest] = path.slice(0, -extension[0].length).split('/');
  for (const feed of served) {
    if (feed.segments.length !== rest.length) continue;
    const values: Record<string, string> = {};
    const fits = feed.segments.every((segment, i) => {
      const raw = rest[i] ?? '';
      if (typeof segment === 'string') return raw.toLowerCase() === segment;
      values[segment.param] = decodeSegment(raw);
      return true;
    });
    if (fits) return { feed, format, token: decodeSegment(rawToken), values };
  }
  return undefined;
}

function decodeSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new ServiceError('invalid_request', 'the path holds a malformed percent-encoding');
  }
}

/**
 * Each source's parameters, validated by its operation's own schemas: the route's values, the
 * query parameters the feed passes through (any other → 400 `unknown_parameter` naming those it
 * takes), the feed's fixed ones and its page size.
 */
function validate(
  feed: ServedFeed,
  values: Record<string, string>,
  query: Record<string, unknown>,
): { params: Record<string, unknown>[]; given: Record<string, string> } {
  const unknown = Object.keys(query).filter((name) => !feed.accepted.includes(name));
  if (unknown.length > 0) {
    const takes = feed.accepted.length > 0 ? `accepted: ${feed.accepted.join(', ')}` : 'it takes no query parameters';
    throw new ServiceError(
      'unknown_parameter',
      `unknown parameter ${unknown.map((name) => `'${name}'`).join(', ')}; ${takes}`,
      { issues: unknown.map((path) => ({ path, message: 'is not a parameter of this feed' })) },
    );
  }
  const params = feed.sources.map(({ source, parse, limit }) => {
    const pathValues: Record<string, string> = {};
    const ownQuery: Record<string, unknown> = { ...query, ...feed.listing.fixed };
    for (const [name, value] of Object.entries(values)) {
      if (source.operation.pathParams.includes(name)) pathValues[name] = value;
      else ownQuery[name] = value;
    }
    if (limit) ownQuery[limit.name] = String(limit.size);
    return parse(pathValues, ownQuery).params;
  });
  const given: Record<string, string> = { ...feed.listing.fixed };
  for (const [name, value] of Object.entries(query)) if (typeof value === 'string') given[name] = value;
  return { params, given };
}

/** Several listings' entries as one: newest first, ties by id, the first FEED_SIZE. */
function newestFirst(entries: FeedEntry[]): FeedEntry[] {
  return entries
    .sort((a, b) => b.published.getTime() - a.published.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, FEED_SIZE);
}

/** `?a=1&b=2`, names sorted; '' when there are none. */
function queryString(values: Record<string, string>): string {
  const names = Object.keys(values).sort();
  if (names.length === 0) return '';
  return `?${names.map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(values[name] ?? '')}`).join('&')}`;
}

/** The feed's permanent id: its listing path and the parameters given, without the token, the same for Atom and RSS. */
function feedId(feed: ServedFeed, values: Record<string, string>, given: Record<string, string>): string {
  const path = feed.segments
    .map((segment) => (typeof segment === 'string' ? segment : encodeURIComponent(values[segment.param] ?? '')))
    .join('/');
  return `urn:socialquery:feed:${path}${queryString(given)}`;
}

/**
 * The listing as JSON (the API's URL of its first operation, which takes a credential in a header):
 * the feed's `link`. The origin is the request's own, or `http://localhost` when its Host is not one.
 */
function listingUrl(
  req: Request,
  operation: Operation,
  params: Record<string, unknown>,
  given: Record<string, string>,
): string {
  const query: Record<string, string> = { ...given };
  for (const name of queryParamNames(operation)) {
    const value = params[name];
    if (!(name in query) && typeof value === 'string' && !pagingParams(operation).includes(name)) query[name] = value;
  }
  const path = fillPath(operation.path, params) + queryString(query);
  try {
    return new URL(path, `${req.protocol}://${req.get('host') ?? 'localhost'}`).href;
  } catch {
    return new URL(path, 'http://localhost').href;
  }
}
