// A @web/test-runner reporter that writes pass/fail/skip counts as JSON for scripts/test.mjs.
import {mkdirSync, writeFileSync} from 'node:fs';
import {dirname} from 'node:path';

export function countsReporter({file}) {
  return {
    onTestRunFinished({sessions}) {
      const counts = {passed: 0, failed: 0, skipped: 0};
      const walk = (suite) => {
        for (const test of suite.tests) {
          if (test.skipped) counts.skipped++;
          else if (test.passed) counts.passed++;
          else counts.failed++;
        }
        for (const child of suite.suites) walk(child);
      };
      for (const session of sessions) {
        const before = counts.failed;
        if (session.testResults) walk(session.testResults);
        // A file that failed to load or threw outside a test has no failing test to show for it.
        if (!session.passed && counts.failed === before) counts.failed++;
      }
      mkdirSync(dirname(file), {recursive: true});
      writeFileSync(file, JSON.stringify(counts));
    },
  };
}
