// A node:test reporter for scripts/test.mjs: each test file's time (its top-level tests and
// suites added up; the process's start is not in it), as JSON lines `[file, ms]`.
export default async function* fileTimes(source) {
  const byFile = new Map();
  for await (const { type, data } of source) {
    if ((type === 'test:pass' || type === 'test:fail') && data.nesting === 0 && data.file) {
      byFile.set(data.file, (byFile.get(data.file) ?? 0) + (data.details?.duration_ms ?? 0));
    }
  }
  for (const entry of byFile) yield `${JSON.stringify(entry)}\n`;
}
