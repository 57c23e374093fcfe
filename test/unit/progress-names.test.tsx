// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageSpinner } from "../../src/components/PageSpinner";
import { ProjectProgress } from "../../src/features/projects/ProjectProgress";
import { UploadProgress } from "../../src/features/projects/uploads";
import { portalSystem } from "../../src/theme/portalSystem";

/**
 * What a screen reader is given of a progress bar and of a page's spinner: a progressbar (Ark puts the
 * role on the track) named by what it measures, not by its figure; a figure that is not read out at
 * every step; a status whose words are text inside it.
 */
const render = (node: ReactNode) => {
  const host = document.createElement("div");
  host.innerHTML = renderToStaticMarkup(<ChakraProvider value={portalSystem}>{node}</ChakraProvider>);
  return host;
};

describe("progress bars", () => {
  it("an upload's progressbar is named after its file, and its percentage is not a live region", () => {
    const html = render(<UploadProgress progress={{ name: "brief.pdf", fraction: 0.42 }} />);
    const bars = html.querySelectorAll('[role="progressbar"]');
    expect(bars).toHaveLength(1);
    expect(bars[0]?.getAttribute("aria-label")).toBe("Uploading brief.pdf");
    expect(bars[0]?.getAttribute("aria-valuenow")).toBe("42");
    expect(html.querySelectorAll('[aria-live]:not([aria-live="off"])')).toHaveLength(0);
    // No name on an element without a role, where it is not read.
    expect(html.querySelectorAll("[aria-label]:not([role])")).toHaveLength(0);
  });

  it("a project's progressbar is named after the project, and its percentage is not a live region", () => {
    const html = render(<ProjectProgress value={45} title="Eze Foods E-commerce Store" />);
    const bars = html.querySelectorAll('[role="progressbar"]');
    expect(bars).toHaveLength(1);
    expect(bars[0]?.getAttribute("aria-label")).toBe("Eze Foods E-commerce Store progress");
    expect(html.querySelectorAll('[aria-live]:not([aria-live="off"])')).toHaveLength(0);
    expect(html.querySelectorAll("[aria-label]:not([role])")).toHaveLength(0);
  });
});

describe("a page's spinner", () => {
  it("says its label as text inside its status", () => {
    const html = render(<PageSpinner fullScreen label="Loading your portal" />);
    const status = html.querySelector('[role="status"]');
    expect(status?.textContent).toBe("Loading your portal");
    expect(html.querySelectorAll("[aria-label]:not([role])")).toHaveLength(0);
  });
});
