import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

/**
 * The browser journeys that assert timings a second file's load on two cores would skew: run alone, after the
 * others. Presence within 3 s, a notification within 5 s, a message read in the browser before the mail's delay
 * ran out. The guards' and the dashboard's live steps (a session ended in every tab, a task's status on the
 * developer's figures) wait 5 s for a push that takes milliseconds and a read: they run two at a time with the
 * rest (S55: ~45 s of CI less).
 */
const TIMED_JOURNEYS = ["e2e/presence.e2e.ts", "e2e/notifications.e2e.ts", "e2e/mail-notifications.e2e.ts"];

/**
 * The journeys that run the product on PostgreSQL (projects-paging: more projects than a page, from the large
 * data set): left out where TEST_DATABASE_URL names none. Decided here: a project's own `exclude` takes the
 * place of the command line's `--exclude`, which therefore cannot leave a journey out.
 */
const POSTGRES_JOURNEYS = process.env.TEST_DATABASE_URL ? [] : ["e2e/projects-paging.e2e.ts"];

/** What both browser projects share. */
const browserSuite: TestProjectInlineConfiguration["test"] = {
  // One migrated, seeded PGlite database per run, copied by each file's product.
  globalSetup: ["e2e/support/global-setup.ts"],
  environment: "node",
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // Polls wait as long as a locator does (e2e/support/browser.ts), not Vitest's 1 s default,
  // which a loaded machine missed; what never happens still fails.
  expect: { poll: { timeout: 10_000 } },
  // A worker keeps the modules it loaded (playwright-core, the support files) from one journey file to the
  // next instead of importing them afresh for each (~2 s of CPU a file). Each file starts its own product and
  // Chromium (e2e/support/product.ts); what the support files keep in a module is keyed by the profile.
  isolate: false,
};

/**
 * Three suites: unit (pure code), integration (the server over real HTTP on
 * PGlite, or on PostgreSQL when TEST_DB=postgres with TEST_DATABASE_URL), and
 * the browser journeys (the built product in Debian's Chromium), as two
 * projects: e2e, two files at a time, then e2e-timed, one at a time.
 * scripts/test.mjs runs them all.
 */
export default defineConfig({
  test: {
    projects: [
      {
        // The Chakra systems import recipes through the build's virtual module; here they come from the package.
        resolve: { alias: { "virtual:lazy-recipes": "@chakra-ui/react/theme" } },
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          // One migrated, seeded database per run, copied by every test server.
          globalSetup: ["test/support/template-database.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own server and database; two at a time suits a 2-core machine.
          maxWorkers: 2,
          // A worker keeps the modules it has loaded from one file to the next: each file imported the whole
          // server afresh (~85 s of a pass's CPU on a slow machine; each pass ~30 % shorter without). Every
          // file builds its own app, and what the server keeps in a module (the mail settings, the compiled
          // PGlite binary, statement names) is set by each build or the same for all.
          isolate: false,
          // Vitest runs projects with different maxWorkers in separate groups, which need distinct orders.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...browserSuite,
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          exclude: [...TIMED_JOURNEYS, ...POSTGRES_JOURNEYS],
          // Two files at a time (each has its own server, data directory, port and browser): the suite's
          // largest share of CI time. Its waits are a locator's or a poll's 10 s, not timing bars.
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          ...browserSuite,
          name: "e2e-timed",
          include: TIMED_JOURNEYS,
          // One file at a time: these assert how soon something arrives (presence within 3 s, a notification
          // within 5 s, a mail not sent before its delay), which a second file's load on two cores would skew.
          fileParallelism: false,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
