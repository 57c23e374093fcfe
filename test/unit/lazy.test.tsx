import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { componentsLoading, lazyComponent } from "../../src/lib/lazy";

/** React's mark for a Suspense boundary the server left for the browser to render (error #419 there). */
const LEFT_TO_THE_BROWSER = "<!--$!-->";

const Part = lazyComponent(
  () =>
    new Promise<{ default: () => React.ReactElement }>((resolve) =>
      setTimeout(() => resolve({ default: () => <b>the part</b> }), 20),
    ),
);
const page = () =>
  renderToString(
    <Suspense fallback={<i>waiting</i>}>
      <Part />
    </Suspense>,
  );

describe("lazyComponent", () => {
  it("says while its code loads, so a server render can wait for it and render the part itself", async () => {
    expect(componentsLoading()).toEqual([]);
    const first = page();
    expect(first).toContain(LEFT_TO_THE_BROWSER);
    const loading = componentsLoading();
    expect(loading).toHaveLength(1);
    await Promise.allSettled(loading);
    expect(componentsLoading()).toEqual([]);
    const second = page();
    expect(second).toContain("<b>the part</b>");
    expect(second).not.toContain(LEFT_TO_THE_BROWSER);
  });

  it("stops counting a part whose code failed to load", async () => {
    const Broken = lazyComponent<object>(() => Promise.reject(new Error("offline")));
    renderToString(
      <Suspense fallback={null}>
        <Broken />
      </Suspense>,
    );
    const loading = componentsLoading();
    expect(loading).toHaveLength(1);
    await Promise.allSettled(loading);
    expect(componentsLoading()).toEqual([]);
  });
});
