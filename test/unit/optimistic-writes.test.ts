import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { cancelRefetchOverLoaded, refetchUnlessShown } from "../../src/lib/query-client";

/**
 * What a latency-compensated write does to the read it shows its change in
 * (src/lib/query-client.ts): a write sent while the thread was still loading
 * once cancelled that first load, and the thread stayed on its skeleton for good.
 */
const key = ["projects", "p1", "messages"];

/** A mounted read whose fetches each wait until the test answers them, with the rows as of that moment. */
function mountedRead(client: QueryClient) {
  const answers: Array<(rows: string[]) => void> = [];
  const observer = new QueryObserver<string[]>(client, {
    queryKey: key,
    queryFn: () => new Promise<string[]>((resolve) => answers.push(resolve)),
    retry: false,
  });
  const unsubscribe = observer.subscribe(() => {});
  return { answers, observer, unsubscribe };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

let client: QueryClient;
afterEach(() => client.clear());

describe("a write shown at once", () => {
  it("sent during the first load leaves the load to finish, then refetches so the write shows", async () => {
    client = new QueryClient();
    const read = mountedRead(client);
    await settled();
    expect(read.answers).toHaveLength(1);

    expect(await cancelRefetchOverLoaded(client, key)).toBe(false);
    read.answers[0]?.(["a"]); // read before the write committed
    await settled();
    expect(read.observer.getCurrentResult().data).toEqual(["a"]);

    refetchUnlessShown(client, key, false);
    await settled();
    expect(read.answers).toHaveLength(2);
    read.answers[1]?.(["a", "mine"]);
    await settled();
    expect(read.observer.getCurrentResult().data).toEqual(["a", "mine"]);
    read.unsubscribe();
  });

  it("over loaded data cancels the refetch in flight, which would land over the change", async () => {
    client = new QueryClient();
    const read = mountedRead(client);
    await settled();
    read.answers[0]?.(["a"]);
    await settled();
    void client.refetchQueries({ queryKey: key });
    await settled();
    expect(read.answers).toHaveLength(2);

    expect(await cancelRefetchOverLoaded(client, key)).toBe(true);
    client.setQueryData<string[]>(key, (rows) => rows && [...rows, "mine (sending)"]);
    read.answers[1]?.(["a"]); // the cancelled refetch's stale answer
    await settled();
    expect(read.observer.getCurrentResult().data).toEqual(["a", "mine (sending)"]);

    refetchUnlessShown(client, key, true);
    await settled();
    expect(read.answers).toHaveLength(2);
    read.unsubscribe();
  });
});
