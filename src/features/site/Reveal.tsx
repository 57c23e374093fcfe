import { LazyMotion, MotionConfig, m, useReducedMotion } from "framer-motion";
import { type ReactNode, useEffect, useRef, useState } from "react";

const loadFeatures = () => import("./motionFeatures").then((module) => module.default);

const variants = {
  hidden: { opacity: 0, y: 24, transition: { duration: 0 } },
  shown: { opacity: 1, y: 0 },
};

/**
 * Fades content up as it scrolls into view (framer-motion `m` components;
 * the animation features load asynchronously via LazyMotion). The server
 * render and the first client render are the final, visible state
 * (`initial={false}`), so the prerendered HTML shows everything without
 * JavaScript and nothing already on screen blinks. Only content still below
 * the fold after hydration is hidden, then revealed by `whileInView`; only
 * transform and opacity change, so there is no layout shift. Visitors who
 * ask for reduced motion get no entrance at all (and MotionConfig keeps any
 * other transform instant for them).
 */
export function Reveal({ children, delay = 0 }: { children: ReactNode; delay?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const reduceMotion = useReducedMotion();
  const [belowFold, setBelowFold] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || reduceMotion) return;
    if (element.getBoundingClientRect().top >= window.innerHeight) setBelowFold(true);
  }, [reduceMotion]);

  return (
    <LazyMotion features={loadFeatures} strict>
      <MotionConfig reducedMotion="user">
        <m.div
          ref={ref}
          style={{ height: "100%" }}
          initial={false}
          animate={belowFold && !reduceMotion ? "hidden" : "shown"}
          whileInView="shown"
          viewport={{ once: true, amount: 0.15 }}
          variants={variants}
          transition={{ duration: 0.5, delay, ease: "easeOut" }}
        >
          {children}
        </m.div>
      </MotionConfig>
    </LazyMotion>
  );
}
