import { spawn } from "node:child_process";
import path from "node:path";
import { build, needsBuild, ROOT } from "./build-lib.mjs";

// `npm start`: build what is stale, then serve (migrations and the first seed happen in the server).
if (needsBuild()) {
  console.log("Building the product (first start or sources changed)...");
  build();
}
const child = spawn(process.execPath, ["--enable-source-maps", path.join(ROOT, "dist/server/main.js")], {
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
