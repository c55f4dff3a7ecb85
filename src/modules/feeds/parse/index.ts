// Feed file parsing (D15, D16): the one entry the feed import calls.
// Format detection → decoding → CSV/JSON/XML/XLSX reading → column and value mapping, all in a
// parser process with a heap limit and a deadline (pool.ts), so a large or hostile file neither
// blocks the API nor grows the server's memory, and can end only that process.
import { parseInWorker } from './pool.js';
import type { ParsedFeed, ParsedRow, ParseInput } from './types.js';

export { UnreadableFeedError } from './types.js';
export type { ColumnMatch, FeedFormat, ParsedFeed, ParsedRow, ParseInput } from './types.js';

/**
 * Detects the format (content type, file name, magic bytes), decodes (UTF-8 ± BOM,
 * Windows-1252), parses and maps. `body` is at most 10 MB (the caller enforces the cap).
 * Rejects with UnreadableFeedError (message for a person) when the file cannot be read.
 */
export function parseFeed(input: ParseInput): Promise<ParsedFeed> {
  return parseInWorker(input);
}

/** parseFeed, its rows given to `onRows` batch by batch (file order) as they are read; the result's `rows` is empty. */
export function parseFeedRows(input: ParseInput, onRows: (rows: ParsedRow[]) => void): Promise<ParsedFeed> {
  return parseInWorker(input, onRows);
}
