// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { LoadFailed } from "../../src/components/LoadFailed";
import { portalSystem } from "../../src/theme/portalSystem";

/**
 * A failed read's message and Retry (src/components/LoadFailed.tsx) where it stays on the page while Retry
 * reads (a refresh that failed, shown over what was loaded): busy meanwhile, and a Retry that fails too
 * says the failure again (an alert says what is added to it, not what it keeps).
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const MESSAGE = "This client could not be refreshed: what shows may be out of date.";
let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = "";
});

async function show(onRetry: () => unknown, retrying?: boolean) {
  const host = document.body.appendChild(document.createElement("div"));
  root = createRoot(host);
  await act(() =>
    root?.render(
      <ChakraProvider value={portalSystem}>
        <LoadFailed message={MESSAGE} onRetry={onRetry} retrying={retrying} />
      </ChakraProvider>,
    ),
  );
  const alert = host.querySelector('[role="alert"]') as HTMLElement;
  const button = host.querySelector("button") as HTMLButtonElement;
  return { host, alert, button };
}

describe("LoadFailed", () => {
  it("is an alert, Retry is busy while it reads, and a Retry that fails too says the failure again", async () => {
    let answer: (result: unknown) => void = () => {};
    const { alert, button } = await show(() => new Promise((resolve) => (answer = resolve)));
    expect(alert.textContent).toBe(MESSAGE);
    const words = alert.firstElementChild;

    await act(() => button.click());
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe("Retrying");
    await act(async () => answer({ isError: true }));
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe("Retry");
    expect(alert.textContent).toBe(MESSAGE);
    // New words in the alert: said again.
    expect(alert.firstElementChild).not.toBe(words);

    // A read that succeeded is not said as a failure (its caller takes the message away).
    const again = alert.firstElementChild;
    await act(() => button.click());
    await act(async () => answer({ isError: false }));
    expect(alert.firstElementChild).toBe(again);
  });

  it("is busy while the caller says its read runs (the query's isFetching)", async () => {
    const { button } = await show(() => undefined, true);
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe("Retrying");
  });
});
