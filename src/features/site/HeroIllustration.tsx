/** The home hero's artwork: inline SVG with a fixed aspect ratio, so it never shifts the layout. */
export function HeroIllustration() {
  return (
    <svg
      viewBox="0 0 400 320"
      role="presentation"
      aria-hidden="true"
      focusable="false"
      style={{ width: "100%", height: "auto", maxWidth: 440, aspectRatio: "400 / 320" }}
    >
      <rect x="20" y="30" width="300" height="200" rx="16" fill="#ffffff" opacity="0.96" />
      <rect x="20" y="30" width="300" height="34" rx="16" fill="#c6e6d6" />
      <circle cx="44" cy="47" r="6" fill="#f5b700" />
      <circle cx="64" cy="47" r="6" fill="#6fbf9c" />
      <circle cx="84" cy="47" r="6" fill="#9fd4bb" />
      <rect x="44" y="86" width="140" height="14" rx="7" fill="#11573c" />
      <rect x="44" y="110" width="200" height="10" rx="5" fill="#9fd4bb" />
      <rect x="44" y="128" width="170" height="10" rx="5" fill="#9fd4bb" />
      <rect x="44" y="160" width="90" height="30" rx="8" fill="#f5b700" />
      <rect x="210" y="150" width="150" height="140" rx="16" fill="#0b3d2e" stroke="#6fbf9c" strokeWidth="2" />
      <polyline
        points="228,262 258,232 284,246 316,200 342,214"
        fill="none"
        stroke="#f5b700"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="316" cy="200" r="8" fill="#ffd54f" />
      <rect x="228" y="170" width="70" height="10" rx="5" fill="#6fbf9c" />
      <circle cx="350" cy="70" r="34" fill="#f5b700" opacity="0.9" />
      <path
        d="M336 70l10 10 18-20"
        stroke="#0b3d2e"
        strokeWidth="6"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
