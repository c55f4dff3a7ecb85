import { UnreadableFeedError, type ParsedFeed } from './types.js';
export function parseXml(_text: string): ParsedFeed {
  throw new UnreadableFeedError('XML feeds are not read yet.');
}
