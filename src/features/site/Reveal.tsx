import { Box } from "@chakra-ui/react";
import { type ReactNode, useEffect, useRef } from "react";

const OFFSET = "translateY(24px)";

/**
 * Fades content up as it scrolls into view. Only content still below the
 * fold at hydration is hidden and animated, so nothing the visitor already
 * sees blinks, the prerendered HTML stays fully visible without JavaScript,
 * and only transform/opacity change (no layout shift). Visitors who ask for
 * reduced motion get no animation at all. The browser's own
 * IntersectionObserver and Web Animations do the work: an animation library
 * would cost every public page several KB for this one effect.
 */
export function Reveal({ children, delay = 0 }: { children: ReactNode; delay?: number }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined" || typeof element.animate !== "function") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;
    element.style.opacity = "0";
    element.style.transform = OFFSET;
    const show = () => {
      element.style.opacity = "";
      element.style.transform = "";
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        element
          .animate(
            { opacity: [0, 1], transform: [OFFSET, "none"] },
            { duration: 500, delay: delay * 1000, easing: "ease-out" },
          )
          .finished.then(show, show);
      },
      { threshold: 0.15 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      show();
    };
  }, [delay]);

  return (
    <Box ref={ref} h="full">
      {children}
    </Box>
  );
}
