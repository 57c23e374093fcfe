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
