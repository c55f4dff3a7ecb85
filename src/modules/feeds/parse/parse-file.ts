// One file, start to end, in the current thread: detect, decode, parse, map. The worker thread
// (worker.ts) runs this; index.ts is the entry the rest of the service calls.
import { parseCsv } from './csv.js';
import { declaredFormat, decodeText, detectFormat, refuseKnownBinary } from './detect.js';
import { parseJson } from './json.js';
import { UnreadableFeedError, type ParsedFeed, type ParseInput } from './types.js';

export async function parseFile(input: ParseInput): Promise<ParsedFeed> {
  const { body } = input;
  if (body.length === 0) throw new UnreadableFeedError('The file is empty.');
  const declared = declaredFormat(input.contentType, input.filename);
  if (detectFormat(body, null, declared) === 'xlsx') {
    const { parseXlsx } = await import('./xlsx.js');
    return parseXlsx(body);
  }
  refuseKnownBinary(body);
  const text = decodeText(body);
  if (text.trim() === '') throw new UnreadableFeedError('The file is empty.');
  switch (detectFormat(body, text, declared)) {
    case 'json':
      return parseJson(text);
    case 'xml': {
      const { parseXml } = await import('./xml.js');
      return parseXml(text);
    }
    default:
      return parseCsv(text);
  }
}
