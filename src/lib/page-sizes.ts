// List page sizes (docs/behaviour.md, Conventions), in a module of their own: route loaders, which ship in the entry chunk with the route
// tree, need them without bringing every other constant along.

export const PAGE_SIZE = 100;
export const LIST_ALL_PAGE_SIZE = 1000;
export const REF_PICKER_PAGE_SIZE = 300;
/** The commit graph reads the server's largest pages: it is scrolled far, and a page of 1,000 is laid out at once. */
export const GRAPH_PAGE_SIZE = 1000;
