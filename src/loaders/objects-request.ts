// What the objects route asks its loaders for, apart from the loaders so that the listing's and the README's can
// both name it.

export interface ObjectsPageDeps {
  /** The ref as the URL names it; the default branch when it names none. */
  ref?: string | undefined;
  /** The folder ('' or ending in '/'). */
  path: string;
  after?: string | undefined;
}

/**
 * What the listing is read for: the loader's deps, and the prefix search in the URL. The search is no dep of the
 * route: while the page shows, its list machine applies a new search itself, and the URL only records it; a load
 * (the page opening, a refresh) reads with the search the URL has then.
 */
export interface ObjectsListingRequest extends ObjectsPageDeps {
  search: string;
}
