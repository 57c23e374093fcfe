import { type IconComponent, type IconProps, LucideSvg } from "../../../components/SvgIcon";
import type { ValueIcon } from "../../../content/shared";

/** The value points' icons (home and about pages). */
export function TrendingUpIcon(props: IconProps) {
  return (
    <LucideSvg {...props}>
      <polyline points="22 7 13.5 15.5 8.5 10.5 2 17" />
      <polyline points="16 7 22 7 22 13" />
    </LucideSvg>
  );
}

export function UsersIcon(props: IconProps) {
  return (
    <LucideSvg {...props}>
      <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
      <circle cx="9" cy="7" r="4" />
      <path d="M22 21v-2a4 4 0 0 0-3-3.87" />
      <path d="M16 3.13a4 4 0 0 1 0 7.75" />
    </LucideSvg>
  );
}

export function ZapIcon(props: IconProps) {
  return (
    <LucideSvg {...props}>
      <path d="M4 14a1 1 0 0 1-.78-1.63l9.9-10.2a.5.5 0 0 1 .86.46l-1.92 6.02A1 1 0 0 0 13 10h7a1 1 0 0 1 .78 1.63l-9.9 10.2a.5.5 0 0 1-.86-.46l1.92-6.02A1 1 0 0 0 11 14z" />
    </LucideSvg>
  );
}

export function LightbulbIcon(props: IconProps) {
  return (
    <LucideSvg {...props}>
      <path d="M15 14c.2-1 .7-1.7 1.5-2.5 1-.9 1.5-2.2 1.5-3.5A6 6 0 0 0 6 8c0 1 .2 2.2 1.5 3.5.7.7 1.3 1.5 1.5 2.5" />
      <path d="M9 18h6" />
      <path d="M10 22h4" />
    </LucideSvg>
  );
}

export function ShieldCheckIcon(props: IconProps) {
  return (
    <LucideSvg {...props}>
      <path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z" />
      <path d="m9 12 2 2 4-4" />
    </LucideSvg>
  );
}

export function TargetIcon(props: IconProps) {
  return (
    <LucideSvg {...props}>
      <circle cx="12" cy="12" r="10" />
      <circle cx="12" cy="12" r="6" />
      <circle cx="12" cy="12" r="2" />
    </LucideSvg>
  );
}

export const valueIcons: Record<ValueIcon, IconComponent> = {
  growth: TrendingUpIcon,
  team: UsersIcon,
  speed: ZapIcon,
  idea: LightbulbIcon,
  shield: ShieldCheckIcon,
  target: TargetIcon,
};
