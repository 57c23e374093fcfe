import { chakra } from "@chakra-ui/react";
import type { ReactElement, SVGProps } from "react";

/**
 * Frames for plain inline SVG icons drawn with the path data of react-icons'
 * Lucide (lu) and Font Awesome 6 (fa6) sets: the public site's icons
 * (src/features/site/icons) and the components public pages load. The portal
 * keeps react-icons; public pages use these so they never load the Lucide
 * chunk the bundler shares with the portal, nor react-icons' IconBase and
 * context. Decorative by default (aria-hidden, not focusable): the text next
 * to an icon, or the aria-label of its link, names it. 1em square, so they
 * follow the font size like react-icons do.
 */
export type IconProps = SVGProps<SVGSVGElement>;
export type IconComponent = (props: IconProps) => ReactElement;

const svgDefaults = {
  "aria-hidden": true,
  focusable: false,
  xmlns: "http://www.w3.org/2000/svg",
  width: "1em",
  height: "1em",
} as const;

export function LucideSvg(props: IconProps) {
  return (
    <svg
      {...svgDefaults}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    />
  );
}

export function FontAwesomeSvg(props: IconProps) {
  return <svg {...svgDefaults} fill="currentColor" {...props} />;
}

/**
 * A brand mark drawn from a static SVG file (public/icons) as a CSS mask
 * over currentColor: it follows the text colour and hover states like the
 * inline icons, while its path data, which compresses poorly, stays out of
 * the JavaScript every public page loads. An <svg> element, so containers
 * that size their icons (Button's `& :where(svg)`) size it too.
 */
export function MaskIcon({ src }: { src: string }) {
  return (
    <chakra.svg
      {...svgDefaults}
      flexShrink="0"
      bg="currentColor"
      css={{ mask: `url(${src}) center / contain no-repeat` }}
    />
  );
}
