import { type IconProps, LucideSvg, MaskIcon } from "../../../components/SvgIcon";

/**
 * The header's and footer's icons, which every public page loads; page icons
 * live in the modules beside it. The brand marks are files in public/icons
 * (Font Awesome 6's paths), drawn through MaskIcon.
 */
export function MenuIcon(props: IconProps) {
  return (
    <LucideSvg {...props}>
      <line x1="4" x2="20" y1="12" y2="12" />
      <line x1="4" x2="20" y1="6" y2="6" />
      <line x1="4" x2="20" y1="18" y2="18" />
    </LucideSvg>
  );
}

export const FaFacebookFIcon = () => <MaskIcon src="/icons/facebook.svg" />;

export const FaInstagramIcon = () => <MaskIcon src="/icons/instagram.svg" />;

export const FaLinkedinInIcon = () => <MaskIcon src="/icons/linkedin.svg" />;

export const FaWhatsappIcon = () => <MaskIcon src="/icons/whatsapp.svg" />;

export const FaXTwitterIcon = () => <MaskIcon src="/icons/x.svg" />;
