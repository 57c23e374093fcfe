import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { bar, cleanup, ensureBuilt, freePort, sleep, startServer, tempDir, writeResult } from "./lib.mjs";

/**
 * Requests per second for a prerendered page (/), served by the product and
 * by nginx serving the very same bytes from a throwaway config; 10 s each
 * with autocannon (no Accept-Encoding, so both send the identity body).
 * Bar: the product does at least half of nginx's figure.
 */
const NGINX = process.env.NGINX_PATH || "/usr/sbin/nginx";
const DURATION = 10;
const CONNECTIONS = 50;

function cannon(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, pipelining: 1 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

if (!existsSync(NGINX)) {
  console.log(
    `  skipped: nginx is not installed at ${NGINX}, and this bench compares the product with it.` +
      " Install it (apt-get install -y nginx) or set NGINX_PATH to run it.",
  );
  writeResult("public-rps", { skipped: `nginx not found at ${NGINX}` });
  process.exit(0);
}

ensureBuilt();
const server = await startServer();
const html = Buffer.from(await (await fetch(`${server.url}/`)).arrayBuffer());
const dir = tempDir("nginx");
// mkdtemp makes the folder private; nginx workers (user nobody when started as root) must read the page.
chmodSync(dir, 0o755);
mkdirSync(path.join(dir, "root"), { recursive: true });
writeFileSync(path.join(dir, "root/index.html"), html);
const nginxPort = await freePort();
writeFileSync(
  path.join(dir, "nginx.conf"),
  `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp; uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
  sendfile on; tcp_nopush on; keepalive_requests 100000;
  types { text/html html; }
  server {
    listen 127.0.0.1:${nginxPort};
    root ${dir}/root;
    location / { add_header cache-control no-cache; try_files /index.html =404; }
  }
}
`,
);
mkdirSync(path.join(dir, "tmp"), { recursive: true });
// One worker each: the product is one Node process, so nginx gets one process too.
const nginx = spawn(NGINX, ["-c", path.join(dir, "nginx.conf"), "-p", dir], { stdio: "inherit" });
let pass = false;
try {
  await sleep(500);
  const check = await fetch(`http://127.0.0.1:${nginxPort}/`);
  if (!check.ok) throw new Error(`nginx answered ${check.status}`);
  if ((await check.arrayBuffer()).byteLength !== html.length) throw new Error("nginx does not serve the same bytes");
  const product = await cannon(`${server.url}/`);
  const reference = await cannon(`http://127.0.0.1:${nginxPort}/`);
  const productRps = product.requests.average;
  const nginxRps = reference.requests.average;
  console.log(`  product: ${Math.round(productRps)} req/s (p99 ${product.latency.p99} ms, ${product.non2xx} non-2xx)`);
  console.log(`  nginx:   ${Math.round(nginxRps)} req/s (p99 ${reference.latency.p99} ms)`);
  pass = bar("product / nginx", (productRps / nginxRps) * 100, ">=", 50, "%") && product.non2xx === 0;
  writeResult("public-rps", {
    page: "/",
    bytes: html.length,
    connections: CONNECTIONS,
    durationS: DURATION,
    productRps: Math.round(productRps),
    nginxRps: Math.round(nginxRps),
    ratio: Math.round((productRps / nginxRps) * 100) / 100,
  });
} finally {
  nginx.kill("SIGTERM");
  await server.stop();
  cleanup(server.dataDir);
  cleanup(dir);
}
process.exitCode = pass ? 0 : 1;
