import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest, longest first (seconds in a fresh clone on the 2-core machine,
 * 2026-11). Vitest orders files by the last run's durations, which a fresh clone does not have:
 * there it ran the tsc + eslint check last, alone for 25 s after every other file had finished.
 * (That check, tests/unit/static-checks.test.ts, now runs in a vitest run of its own, beside the build:
 * scripts/test-all.)
 */
const SLOW = [
  // Partly waiting (a photo sent at 50 KB/s for 24 s beside the hostile bodies): 57 s alone, 115 s when it sent 5 MB at that pace.
  "tests/integration/hostile-requests.test.ts", // 57
  "tests/integration/lighthouse-accessibility.test.ts", // 47 to 60
  "tests/integration/lead-forms.test.ts", // 37
  "tests/integration/production-server.test.ts", // 35 (a development build is compiled in it)
  "tests/integration/docker-smoke.test.ts", // 20 to 57
  "tests/integration/outbox-faults.test.ts", // 28
  "tests/integration/lead-outage.test.ts", // 25
  "tests/integration/api-processes.test.ts", // 19
  "tests/integration/nu-html-checker.test.ts", // 13 to 26
  "tests/integration/refused-posts.test.ts", // 15
];

export class SlowFirstSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const index = SLOW.findIndex((name) => file.moduleId.endsWith(name));
      return index < 0 ? SLOW.length : index;
    };
    // Stable: the rest keep the order the base sequencer gives them.
    return (await super.sort(files))
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}
