// A node:test reporter that writes pass/fail/skip counts as JSON for scripts/test.mjs.
// Suites are not tests; a file that fails to load arrives as a failed test and counts.
export default async function* nodeCounts(source) {
  const counts = {passed: 0, failed: 0, skipped: 0};
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const {details, skip, todo} = event.data;
    if (details?.type === 'suite') continue;
    if (skip || todo) counts.skipped++;
    else if (event.type === 'test:pass') counts.passed++;
    else counts.failed++;
  }
  yield JSON.stringify(counts);
}
