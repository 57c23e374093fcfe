import type { TestProject } from "vitest/node";
import { pgliteTemplate } from "../../test/support/template-database";

/**
 * The browser suite's global setup: one migrated and seeded PGlite data
 * directory that each file's product copies (e2e/support/server.ts) instead of
 * creating a cluster, migrating and seeding on its first start (~9.5 s each on
 * the 2-core machine, 28 times a run). The product on it is the same as after
 * `npm start` on an empty DATA_DIR: the same migrations and demo data.
 */
export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return pgliteTemplate(project);
}
