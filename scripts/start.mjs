import { spawn } from "node:child_process";
import { build, needsBuild } from "./build-lib.mjs";
import { SERVER_ENV, SERVER_MAIN, serverNodeFlags } from "./server-command.mjs";

// `npm start`: build what is stale, then serve (migrations and the first seed happen in the server).
if (needsBuild()) {
  console.log("Building the product (first start or sources changed)...");
  build();
}
const child = spawn(process.execPath, [...serverNodeFlags(process.env), SERVER_MAIN], {
  env: { ...SERVER_ENV, ...process.env },
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
