import type { ServiceId } from "../../../../common/site-domain";
import { type IconComponent, type IconProps, LucideSvg } from "../../../components/SvgIcon";

/** The four services' icons, for their cards. */
export function CodeIcon(props: IconProps) {
  return (
    <LucideSvg {...props}>
      <polyline points="16 18 22 12 16 6" />
      <polyline points="8 6 2 12 8 18" />
    </LucideSvg>
  );
}

export function MegaphoneIcon(props: IconProps) {
  return (
    <LucideSvg {...props}>
      <path d="m3 11 18-5v12L3 14v-3z" />
      <path d="M11.6 16.8a3 3 0 1 1-5.8-1.6" />
    </LucideSvg>
  );
}

export function PaletteIcon(props: IconProps) {
  return (
    <LucideSvg {...props}>
      <circle cx="13.5" cy="6.5" r=".5" fill="currentColor" />
      <circle cx="17.5" cy="10.5" r=".5" fill="currentColor" />
      <circle cx="8.5" cy="7.5" r=".5" fill="currentColor" />
      <circle cx="6.5" cy="12.5" r=".5" fill="currentColor" />
      <path d="M12 2C6.5 2 2 6.5 2 12s4.5 10 10 10c.926 0 1.648-.746 1.648-1.688 0-.437-.18-.835-.437-1.125-.29-.289-.438-.652-.438-1.125a1.64 1.64 0 0 1 1.668-1.668h1.996c3.051 0 5.555-2.503 5.555-5.554C21.965 6.012 17.461 2 12 2z" />
    </LucideSvg>
  );
}

export function ServerIcon(props: IconProps) {
  return (
    <LucideSvg {...props}>
      <rect width="20" height="8" x="2" y="2" rx="2" ry="2" />
      <rect width="20" height="8" x="2" y="14" rx="2" ry="2" />
      <line x1="6" x2="6.01" y1="6" y2="6" />
      <line x1="6" x2="6.01" y1="18" y2="18" />
    </LucideSvg>
  );
}

export const serviceIcons: Record<ServiceId, IconComponent> = {
  "web-app-development": CodeIcon,
  "digital-marketing": MegaphoneIcon,
  "brand-strategy": PaletteIcon,
  "it-solutions": ServerIcon,
};
