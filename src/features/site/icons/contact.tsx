import { type IconProps, LucideSvg } from "../../../components/SvgIcon";

/** The contact page's office details. */
export function ClockIcon(props: IconProps) {
  return (
    <LucideSvg {...props}>
      <circle cx="12" cy="12" r="10" />
      <polyline points="12 6 12 12 16 14" />
    </LucideSvg>
  );
}

export function MailIcon(props: IconProps) {
  return (
    <LucideSvg {...props}>
      <rect width="20" height="16" x="2" y="4" rx="2" />
      <path d="m22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7" />
    </LucideSvg>
  );
}

export function MapPinIcon(props: IconProps) {
  return (
    <LucideSvg {...props}>
      <path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0" />
      <circle cx="12" cy="10" r="3" />
    </LucideSvg>
  );
}

export function TimerIcon(props: IconProps) {
  return (
    <LucideSvg {...props}>
      <line x1="10" x2="14" y1="2" y2="2" />
      <line x1="12" x2="15" y1="14" y2="11" />
      <circle cx="12" cy="14" r="8" />
    </LucideSvg>
  );
}
