/**
 * The User Timing mark a folder's loader makes once the listing's first page is in hand: there the page's drawing
 * starts, and the console bench measures from it (the first page may come with the page itself, with no request to
 * time).
 */
export const LISTING_READY_MARK = 'tarn:listing-ready';
