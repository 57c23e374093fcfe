import { ADMIN_ROUTES } from "./admin-large-routes";
import { ROUTES, withLargeData } from "./portal-large-routes";

/**
 * How long each large-data read takes on one connection: the route's server/data function called
 * RUNS times in a row after WARM_UP runs (its statements prepared and their plans settled, as on a
 * server that has been up a while), median and slowest tenth in ms. This is PostgreSQL's time plus
 * the driver's, with no HTTP, JSON or compression and nothing else competing: the figure to judge a
 * change to a read by on a machine whose load-bench figures move with its neighbours
 * (docs/performance.md). EXPLAIN ANALYZE's times are no substitute: they leave out the planning (a
 * statement that is not prepared is planned on every request: ~1 ms for the audit log's page on S19),
 * the round trip and the driver, and add the cost of timing each node of the plan.
 *
 *   node --import tsx bench/read-times.ts DATABASE_URL [words of the reads' names…]
 *
 * With words, only the reads whose names contain one of them (e.g. `subscriptions "audit log"`).
 * Needs the large data set (npm run seed:large); prints one line a read.
 */
const WARM_UP = 5;
const RUNS = 40;

const [databaseUrl, ...words] = process.argv.slice(2);
if (!databaseUrl) throw new Error("usage: node --import tsx bench/read-times.ts DATABASE_URL [words…]");
const routes = [...ROUTES, ...ADMIN_ROUTES].filter(
  (route) => words.length === 0 || words.some((word) => route.name.includes(word)),
);
if (routes.length === 0) throw new Error(`no read's name contains ${words.map((word) => `"${word}"`).join(" or ")}`);

await withLargeData(databaseUrl, async ({ db, ids }) => {
  const width = Math.max(...routes.map((route) => route.name.length));
  for (const route of routes) {
    for (let run = 0; run < WARM_UP; run++) await route.read(db, ids);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      await route.read(db, ids);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (share: number) => (times[Math.floor(share * (times.length - 1))] ?? Number.NaN).toFixed(2);
    console.log(`${route.name.padEnd(width)}  median ${at(0.5)} ms, p90 ${at(0.9)} ms`);
  }
});
