import { UnreadableFeedError, type ParsedFeed } from './types.js';
export async function parseXlsx(_body: Buffer): Promise<ParsedFeed> {
  throw new UnreadableFeedError('XLSX feeds are not read yet.');
}
