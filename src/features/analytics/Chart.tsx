import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
} from "chart.js";
import { useEffect, useRef } from "react";

/**
 * Chart.js, tree-shaken to the bar and doughnut charts this screen draws. It is
 * imported only by the analytics route's lazy chunk (TanStack Router's
 * autoCodeSplitting), so no other page loads it.
 */
Chart.register(BarController, BarElement, CategoryScale, LinearScale, DoughnutController, ArcElement, Tooltip, Legend);

/** Colours with at least 3:1 contrast on white (WCAG 1.4.11, graphical objects). */
export const CHART_COLOURS = ["#2563eb", "#15803d", "#b45309", "#b91c1c", "#7c3aed", "#0e7490"];

/**
 * A canvas chart. The canvas is hidden from assistive technology: every chart
 * sits in a figure with a caption and a table of the same figures. Only the
 * browser draws it: a page rendered on the server hydrates at once to do so.
 */
export function ChartCanvas({ config, height = 260 }: { config: ChartConfiguration; height?: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the chart is made once per type; data updates below
  useEffect(() => {
    if (!canvas.current) return;
    chart.current = new Chart(canvas.current, {
      ...config,
      options: { responsive: true, maintainAspectRatio: false, animation: false, ...config.options },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, [config.type]);
  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    current.data = config.data;
    current.update();
  }, [config.data]);
  return (
    // data-drawn-by-script: the page hydrates as soon as it loads (src/portal-watch.ts); served drawn by the
    // server, the canvas would be blank until the reader first touched the page.
    <div style={{ position: "relative", height }} aria-hidden="true" data-drawn-by-script="">
      <canvas ref={canvas} data-chart={config.type} />
    </div>
  );
}
