import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { searchedChoicesQuery } from "../../src/features/admin/api";

type Choice = { id: string };

/** The server's answers, held until `answer()` so each test sees what is on screen while a search loads. */
let requested: string[];
let pending: Array<() => void>;
beforeEach(() => {
  requested = [];
  pending = [];
  vi.stubGlobal("fetch", (url: string) => {
    requested.push(url);
    return new Promise<Response>((resolve) => {
      pending.push(() => resolve(new Response(JSON.stringify([{ id: url }]), { status: 200 })));
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

const answer = () => {
  for (const resolve of pending.splice(0)) resolve();
};
const settled = (observer: Pick<QueryObserver, "getCurrentResult">) =>
  vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));

const projectsOf = (clientId: string, q: string) =>
  searchedChoicesQuery<Choice>(["admin", "project-options", clientId], "/api/admin/project-options", q, { clientId });

describe("a select's searched choices", () => {
  it("asks the route with the trimmed search and the scope's parameters, and keys the search trimmed", async () => {
    const client = new QueryClient();
    const observer = new QueryObserver(client, projectsOf("c1", "  Shop "));
    const unsubscribe = observer.subscribe(() => {});
    answer();
    await settled(observer);
    expect(requested).toEqual(["/api/admin/project-options?clientId=c1&q=Shop"]);
    expect(projectsOf("c1", "  Shop ").queryKey).toEqual(["admin", "project-options", "c1", "Shop"]);
    expect(searchedChoicesQuery(["admin", "client-options"], "/api/admin/client-options", " ").queryKey).toEqual([
      "admin",
      "client-options",
      "",
    ]);
    unsubscribe();
  });

  it("offers the last search's choices while the next loads, but never another scope's", async () => {
    const client = new QueryClient();
    const observer = new QueryObserver(client, projectsOf("c1", "S"));
    const unsubscribe = observer.subscribe(() => {});
    answer();
    await settled(observer);
    const first = observer.getCurrentResult().data;
    expect(first).toEqual([{ id: "/api/admin/project-options?clientId=c1&q=S" }]);

    observer.setOptions(projectsOf("c1", "Sh"));
    expect(observer.getCurrentResult()).toMatchObject({ data: first, isPlaceholderData: true });
    answer();
    await settled(observer);
    expect(observer.getCurrentResult()).toMatchObject({ isPlaceholderData: false });

    // Another client's projects: nothing of the first client's is offered meanwhile.
    observer.setOptions(projectsOf("c2", "Sh"));
    expect(observer.getCurrentResult()).toMatchObject({ data: undefined, isPlaceholderData: false });
    answer();
    await settled(observer);
    expect(observer.getCurrentResult().data).toEqual([{ id: "/api/admin/project-options?clientId=c2&q=Sh" }]);
    unsubscribe();
  });
});
