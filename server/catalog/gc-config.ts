// Garbage collection's one installation-wide setting, reported at GET /config/garbage-collection and applied by
// the collector (server/gc).

/**
 * Object data written within this time is never collected: an upload stores its bytes before it stages their entry,
 * so young data that nothing refers to yet may be an upload in flight.
 */
export const gcGracePeriodSeconds = 6 * 3600;
