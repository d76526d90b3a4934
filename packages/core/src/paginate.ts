/**
 * Walks a token-paged listing: calls `fetchPage` with no token, then with each page's next
 * token, until a page's token is empty. Yields pages; wrap it to yield items.
 */
export async function* paginate<Page>(
  fetchPage: (token: string | undefined) => Promise<Page>,
  nextToken: (page: Page) => string | undefined,
): AsyncGenerator<Page, void, undefined> {
  let token: string | undefined;
  do {
    const page = await fetchPage(token);
    yield page;
    token = nextToken(page) || undefined;
  } while (token !== undefined);
}
