// Stack traces that name our TypeScript files and lines, without `--enable-source-maps` (P262).
// That flag reads each bundle's map at start and keeps it parsed for the process's life (about
// 9 MB of RSS in every process), though a healthy process never prints a stack. Here a bundle's
// map is read from the `.map` beside it the first time a stack through it is formatted, with
// node's own SourceMap class; a process that never formats one never reads it.
import fs from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Each file's map once read: null when it has none (node_modules, node's own files). */
const maps = new Map<string, SourceMap | null>();

function mapOf(file: string): SourceMap | null {
  let map = maps.get(file);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as SourceMapPayload);
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  return map;
}

/** `path:line:column` (1-based) in the source a bundle was built from, or undefined without a map or a match. */
function originalPosition(fileName: string, line: number, column: number): string | undefined {
  const file = fileName.startsWith('file://') ? fileURLToPath(fileName) : fileName;
  if (!file.endsWith('.js') || !path.isAbsolute(file)) return undefined;
  const entry = mapOf(file)?.findEntry(line - 1, column - 1);
  if (!entry || !('originalSource' in entry) || !entry.originalSource) return undefined;
  const source = entry.originalSource.startsWith('file://') ? fileURLToPath(entry.originalSource) : path.resolve(path.dirname(file), entry.originalSource);
  return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
}

/** V8's own format ("Name: message" then "    at …" lines), each bundle position replaced by its source's. */
function formatStack(error: Error, frames: NodeJS.CallSite[]): string {
  let header: string;
  try {
    header = Error.prototype.toString.call(error);
  } catch {
    header = 'Error';
  }
  const lines = frames.map((frame) => {
    // V8's call sites print themselves as the default stack does (@types/node omits it).
    const text = (frame as NodeJS.CallSite & { toString(): string }).toString();
    const fileName = frame.getFileName();
    const line = frame.getLineNumber();
    const column = frame.getColumnNumber();
    const mapped = fileName && line !== null && column !== null ? originalPosition(fileName, line, column) : undefined;
    return `    at ${mapped ? text.replace(`${fileName}:${line}:${column}`, mapped) : text}`;
  });
  return [header, ...lines].join('\n');
}

/** Installed first thing by each entry point; a process started with `--enable-source-maps` keeps node's. */
export function mapStacksLazily(): void {
  if (process.execArgv.includes('--enable-source-maps') || process.sourceMapsEnabled) return;
  Error.prepareStackTrace = formatStack;
}
