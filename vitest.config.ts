import { fileURLToPath } from "node:url";
import { defaultExclude, defineConfig } from "vitest/config";
import { SlowFirstSequencer } from "./tests/support/slow-first-sequencer";

const STATIC_CHECKS = "tests/unit/static-checks.test.ts";
const ATTACK_RUN = "tests/integration/fuzz-posts.test.ts";

/*
 * Four projects, so each kind of test can be run on its own (`vitest run --project <name>`):
 * - unit: in-process tests of app/ and backend/ (a backend they need listens on 127.0.0.1 in the
 *   test's own process); 20 to 30 s here, no build needed.
 * - checks: tsc and eslint over the whole repository. Not units: together they take longer than
 *   every unit test (about 45 s), and `npm run typecheck` and `npm run lint` already run them alone.
 *   They are tests at all so that `npm test`'s totals line counts a type error or a lint finding.
 *   Needing no build, `npm test` (scripts/test-all) runs them on their own, beside the build.
 * - integration: the production build in real processes (server, backend, Docker smoke run);
 *   needs `npm run build` first.
 * - cluster (CLUSTER_FULL=1, `npm run test:cluster`): two instances on PostgreSQL and Redis through
 *   their outages; minutes long, so not in `npm test`.
 * - attack: the fuzz run keeps the server's CPU busy for minutes, so it runs alone, after every
 *   other project of the same run has finished (groupOrder), and no other test's timing depends on it.
 */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    environment: "node",
    testTimeout: 120_000,
    // Vitest's default on a 2-core machine is one file at a time, while most integration files wait
    // on processes, backoffs and sockets: two at a time took the suite from 163 s to 116 s. Once it
    // had grown, three (with the slowest files first) took a fresh clone's run from 274 s to 226 s;
    // four kept the two cores as busy and took no less. One limit for the
    // whole run, whichever projects it includes (vitest allows it only here).
    maxWorkers: 3,
    minWorkers: 1,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      // `extends: true`: each project keeps the settings above (the `~` alias, env, the timeout).
      {
        extends: true,
        test: {
          name: "unit",
          // One module graph per worker, not per file: the unit project went from 61 s to 25 s. Each
          // file sets up its own state (backends on ports of their own, temporary data folders); they
          // pass in any file order (checked with --sequence.shuffle.files over several seeds).
          isolate: false,
          include: ["app/**/*.test.{ts,tsx}", "backend/**/*.test.ts", "tests/unit/**/*.test.ts"],
          exclude: [...defaultExclude, STATIC_CHECKS],
        },
      },
      { extends: true, test: { name: "checks", include: [STATIC_CHECKS] } },
      {
        extends: true,
        test: { name: "integration", include: ["tests/integration/**/*.test.ts"], exclude: [...defaultExclude, ATTACK_RUN] },
      },
      { extends: true, test: { name: "attack", include: [ATTACK_RUN], sequence: { groupOrder: 1 } } },
      // The long cluster run (50 leads, Redis and PostgreSQL stopped mid-run): `npm run test:cluster`
      // only, never part of `npm test`, whose short cluster run is tests/integration/cluster.test.ts.
      ...(process.env.CLUSTER_FULL === "1" ? [{ extends: true as const, test: { name: "cluster", include: ["tests/cluster/**/*.test.ts"] } }] : []),
    ],
  },
});
