import { Box } from "@chakra-ui/react";
import { inView, useReducedMotion } from "framer-motion";
import { animate } from "framer-motion/dom/mini";
import { type ReactNode, useEffect, useRef } from "react";

const OFFSET = "translateY(24px)";

/**
 * Fades content up as it scrolls into view. Only content still below the
 * fold at hydration is hidden and animated, so nothing the visitor already
 * sees blinks, the prerendered HTML stays fully visible without JavaScript,
 * and only transform/opacity change (no layout shift). Visitors who ask for
 * reduced motion get no animation at all. Uses framer-motion's small WAAPI
 * `animate` rather than `motion` components, to keep public pages light.
 */
export function Reveal({ children, delay = 0 }: { children: ReactNode; delay?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const reduceMotion = useReducedMotion();

  useEffect(() => {
    const element = ref.current;
    if (!element || reduceMotion) return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;
    element.style.opacity = "0";
    element.style.transform = OFFSET;
    const show = () => {
      element.style.opacity = "";
      element.style.transform = "";
    };
    const stop = inView(
      element,
      () => {
        stop();
        animate(
          element,
          { opacity: [0, 1], transform: [OFFSET, "none"] },
          { duration: 0.5, delay, ease: "easeOut" },
        ).then(show, show);
      },
      { amount: 0.15 },
    );
    return () => {
      stop();
      show();
    };
  }, [reduceMotion, delay]);

  return (
    <Box ref={ref} h="full">
      {children}
    </Box>
  );
}
