import { inView } from "framer-motion/dom";
import { type ReactNode, useEffect, useRef } from "react";

const HIDDEN = { opacity: "0", transform: "translateY(24px)" };

/**
 * Fades content up as it scrolls into view: framer-motion's `inView` (0.5 KB
 * gzip) says when, and one Web Animations API call runs the entrance, which
 * is all `animateMini` would do on top of 3 KB of timing helpers every public
 * page would load (the `m` components cost ~30 KB). The server render is the
 * final, visible state, so the prerendered HTML shows everything without
 * JavaScript and nothing already on screen blinks: only content still below
 * the fold after hydration is hidden, then revealed once. Only transform and
 * opacity change, so there is no layout shift. Visitors who ask for reduced
 * motion get no entrance at all.
 */
export function Reveal({ children, delay = 0 }: { children: ReactNode; delay?: number }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;
    Object.assign(element.style, HIDDEN);
    let stop = () => {};
    stop = inView(
      element,
      () => {
        stop();
        // "backwards" holds the first frame through the delay, so the inline hiding can go now.
        element.animate(
          { opacity: [0, 1], transform: [HIDDEN.transform, "translateY(0px)"] },
          { duration: 500, delay: delay * 1000, easing: "ease-out", fill: "backwards" },
        );
        Object.assign(element.style, { opacity: "", transform: "" });
      },
      { amount: 0.15 },
    );
    return () => stop();
  }, [delay]);

  return (
    <div ref={ref} style={{ height: "100%" }}>
      {children}
    </div>
  );
}
