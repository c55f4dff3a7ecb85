// Limits of feed files (D15).

/** A feed file (push body or pulled file) is at most 10 MB. */
export const FEED_MAX_BYTES = 10 * 1024 * 1024;
