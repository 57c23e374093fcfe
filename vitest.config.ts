import { defineConfig } from "vitest/config";

/**
 * Three suites: unit (pure code), integration (the server over real HTTP on
 * PGlite, or on PostgreSQL when TEST_DB=postgres with TEST_DATABASE_URL), and
 * e2e (the built product in Debian's Chromium). scripts/test.mjs runs them all.
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
          // Vitest runs projects with different maxWorkers in separate groups, which need distinct orders.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          // One migrated, seeded PGlite database per run, copied by each file's product.
          globalSetup: ["e2e/support/global-setup.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One file at a time: two at once on two cores failed timing bars (presence within 3 s) and
          // timeouts whenever anything else ran on the machine.
          fileParallelism: false,
          // Polls wait as long as a locator does (e2e/support/browser.ts), not Vitest's 1 s default,
          // which a loaded machine missed; what never happens still fails.
          expect: { poll: { timeout: 10_000 } },
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
