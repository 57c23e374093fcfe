import { spawn } from "node:child_process";
import path from "node:path";
import { ROOT } from "./build-lib.mjs";

// `npm run dev`: the API on :3000 (restarted on change by tsx) behind Vite's hot-reloading dev server on :5173.
const bin = (name) => path.join(ROOT, "node_modules/.bin", name);
const devOrigin = "http://localhost:5173";
const children = [
  spawn(bin("tsx"), ["watch", "bin/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, APP_URL: process.env.APP_URL ?? devOrigin, VITE_DEV_ORIGIN: devOrigin },
  }),
  spawn(bin("vite"), [], { stdio: "inherit" }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
for (const child of children) child.on("exit", (code) => code && process.exit(code));
