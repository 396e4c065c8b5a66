// A node:test reporter that writes pass/fail/skip counts as JSON to $TEST_COUNTS_FILE for
// scripts/test.mjs. It writes the file itself, synchronously, because Node 20 may exit before
// a reporter's destination stream is flushed when a test failed.
// Suites are not tests; a file that fails to load arrives as a failed test and counts.
import {writeFileSync} from 'node:fs';

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
  writeFileSync(process.env.TEST_COUNTS_FILE, JSON.stringify(counts));
  yield '';
}
