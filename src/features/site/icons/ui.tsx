import { type IconProps, LucideSvg } from "../../../components/SvgIcon";

/** Arrows and checks that links, lists and buttons share. */
export function ArrowLeftIcon(props: IconProps) {
  return (
    <LucideSvg {...props}>
      <path d="m12 19-7-7 7-7" />
      <path d="M19 12H5" />
    </LucideSvg>
  );
}

export function ArrowRightIcon(props: IconProps) {
  return (
    <LucideSvg {...props}>
      <path d="M5 12h14" />
      <path d="m12 5 7 7-7 7" />
    </LucideSvg>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <LucideSvg {...props}>
      <path d="M20 6 9 17l-5-5" />
    </LucideSvg>
  );
}

export function CircleCheckIcon(props: IconProps) {
  return (
    <LucideSvg {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="m9 12 2 2 4-4" />
    </LucideSvg>
  );
}

export function SendIcon(props: IconProps) {
  return (
    <LucideSvg {...props}>
      <path d="M14.536 21.686a.5.5 0 0 0 .937-.024l6.5-19a.496.496 0 0 0-.635-.635l-19 6.5a.5.5 0 0 0-.024.937l7.93 3.18a2 2 0 0 1 1.112 1.11z" />
      <path d="m21.854 2.147-10.94 10.939" />
    </LucideSvg>
  );
}
