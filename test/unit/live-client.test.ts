import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LiveClient } from "../../src/lib/live-client";

/** A WebSocket the test opens, answers and drops by hand: the client's bookkeeping is what is tested here. */
class ScriptedSocket {
  static readonly OPEN = 1;
  static opened: ScriptedSocket[] = [];
  readyState = 0;
  sent: { type: string; key?: unknown }[] = [];
  onopen?: () => void;
  onmessage?: (event: { data: string }) => void;
  onclose?: (event: { code: number }) => void;
  constructor() {
    ScriptedSocket.opened.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.drop(1000);
  }
  open() {
    this.readyState = ScriptedSocket.OPEN;
    this.onopen?.();
  }
  answer(key: unknown) {
    this.onmessage?.({ data: JSON.stringify({ type: "subscribed", key }) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const KEY = ["admin", "bookings"];
const latest = () => {
  const socket = ScriptedSocket.opened.at(-1);
  if (!socket) throw new Error("no socket opened");
  return socket;
};

beforeEach(() => {
  ScriptedSocket.opened = [];
  vi.useFakeTimers();
  vi.stubGlobal("WebSocket", ScriptedSocket);
  vi.stubGlobal("location", { protocol: "http:", host: "localhost" });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the live channel's answers", () => {
  it("reach every screen on a key, after each reconnect, and no screen that has left", async () => {
    const client = new LiveClient();
    const badge = vi.fn();
    const page = vi.fn();
    client.subscribe(KEY, () => {}, badge);
    const leavePage = client.subscribe(KEY, () => {}, page);
    latest().open();
    expect(latest().sent.filter((message) => message.type === "subscribe")).toHaveLength(1);
    latest().answer(KEY);
    expect([badge.mock.calls.length, page.mock.calls.length]).toEqual([1, 1]);

    // Back after a drop, both refetch what they show: changes may have been missed.
    latest().drop();
    await vi.advanceTimersByTimeAsync(300);
    latest().open();
    latest().answer(KEY);
    expect([badge.mock.calls.length, page.mock.calls.length]).toEqual([2, 2]);

    // The page left; the badge stays, and it alone hears the next answer.
    leavePage();
    latest().drop();
    await vi.advanceTimersByTimeAsync(600);
    latest().open();
    latest().answer(KEY);
    expect([badge.mock.calls.length, page.mock.calls.length]).toEqual([3, 2]);
  });

  it("a held key taken over stops calling its hold's callback", async () => {
    const client = new LiveClient();
    const onStale = vi.fn();
    client.hold(KEY, 1_000, onStale);
    latest().open();
    latest().answer(KEY);
    expect(onStale).not.toHaveBeenCalled();
    const refetch = vi.fn();
    client.subscribe(KEY, () => {}, refetch);
    latest().drop();
    await vi.advanceTimersByTimeAsync(300);
    latest().open();
    latest().answer(KEY);
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(onStale).not.toHaveBeenCalled();
  });
});
