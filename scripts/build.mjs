import { build } from "./build-lib.mjs";

const started = Date.now();
build();
console.log(`Built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
