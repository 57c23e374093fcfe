import { spawnSync } from "node:child_process";
import path from "node:path";
import { build, needsBuild, ROOT } from "./build-lib.mjs";

// `npm run seed` and `npm run create-admin -- --email ... --name ... --password ...`
if (needsBuild()) build();
const result = spawnSync(process.execPath, [path.join(ROOT, "dist/server/cli.js"), ...process.argv.slice(2)], {
  stdio: "inherit",
});
process.exit(result.status ?? 1);
