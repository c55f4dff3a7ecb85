// The parser's contract with the feed import (see index.ts). Kept in its own file so the worker
// thread and the main thread share it without pulling in each other's code.

import type { ItemError } from '../../vehicles/stock.js';
import { render, type Msg } from '../../../core/i18n/index.js';
import type { ColumnMap } from './overrides.js';

export type { ItemError };

export type FeedFormat = 'csv' | 'json' | 'xml' | 'xlsx';

export interface ParsedRow {
  /** D15: CSV/XLSX = the spreadsheet row number (header is row 1, first car row 2);
   *  JSON/XML = 1-based position of the vehicle. */
  index: number;
  /** The record mapped to VehicleInput field names plus `external_id` (D16). */
  vehicle: Record<string, unknown>;
}

/** Which source column/element fed which field (null: ignored). */
export interface ColumnMatch {
  column: string;
  field: string | null;
  /** Chosen by the feed's column mapping override, not by name (parse/overrides.ts). */
  override?: boolean;
}

export interface ParsedFeed {
  format: FeedFormat;
  rows: ParsedRow[];
  columns: ColumnMatch[];
  /** Rows that could not be turned into a record at all (e.g. a ragged CSV row). */
  rowErrors: ItemError[];
}

/** Where parsers put rows as they read them: an array, or the worker's batches to the main thread. */
export interface RowSink {
  push(row: ParsedRow): unknown;
}

/** What a parser returns once its rows are in the sink. */
export type FeedSummary = Omit<ParsedFeed, 'rows'>;

export interface ParseInput {
  body: Buffer;
  contentType?: string;
  filename?: string;
  /** The feed's column mapping overrides (parse/overrides.ts). */
  columnMap?: ColumnMap;
  /** The feed's market code: mileages in its distance unit, prices checked against their currency column (market.ts). */
  market?: string;
}

/**
 * The file cannot be read (422 unreadable_feed). `text` says why as a code of the catalogue of
 * words (D31), which crosses from the parser process as it is and is stored in the import report
 * as a code; `message` is its English, for logs.
 */
export class UnreadableFeedError extends Error {
  constructor(readonly text: Msg) {
    super(render('en', text));
    this.name = 'UnreadableFeedError';
  }
}
