// A node:test reporter for scripts/test.mjs: each test file's time (its top-level tests and
// suites added up; the process's start is not in it) and the outcome counts, as JSON lines:
// `{"file":…,"ms":…}` a file, then `{"counts":{…}}` (counted as node's own summary counts them).
export default async function* fileTimes(source) {
  const byFile = new Map();
  const counts = { pass: 0, fail: 0, skipped: 0, todo: 0, cancelled: 0 };
  for await (const { type, data } of source) {
    if (type !== 'test:pass' && type !== 'test:fail') continue;
    if (data.nesting === 0 && data.file) byFile.set(data.file, (byFile.get(data.file) ?? 0) + (data.details?.duration_ms ?? 0));
    if (data.details?.type === 'suite') continue;
    if (data.skip) counts.skipped++;
    else if (data.todo) counts.todo++;
    else if (type === 'test:pass') counts.pass++;
    else if (data.details?.error?.failureType === 'cancelledByParent') counts.cancelled++;
    else counts.fail++;
  }
  for (const [file, ms] of byFile) yield `${JSON.stringify({ file, ms })}\n`;
  yield `${JSON.stringify({ counts })}\n`;
}
