/** A decorative drawing for the home page: a parcel travelling from a shop to a customer's pin. */
export function HeroIllustration() {
  return (
    <svg className="hero-illustration" viewBox="0 0 420 320" aria-hidden="true" focusable="false">
      <rect x="10" y="10" width="400" height="300" rx="28" fill="#e6f2ee" />
      <path
        d="M88 236 C 150 236, 150 120, 220 132 S 300 220, 336 104"
        fill="none"
        stroke="#006a4e"
        strokeWidth="4"
        strokeDasharray="10 10"
        strokeLinecap="round"
      />
      <g transform="translate(48 196)">
        <rect width="80" height="64" rx="8" fill="#fff" stroke="#006a4e" strokeWidth="3" />
        <path d="M0 22 H80" stroke="#006a4e" strokeWidth="3" />
        <rect x="10" y="32" width="22" height="32" rx="3" fill="#006a4e" opacity="0.85" />
        <rect x="42" y="32" width="28" height="18" rx="3" fill="#cfe5dc" />
      </g>
      <g transform="translate(178 92)">
        <rect width="84" height="70" rx="8" fill="#c9a26b" />
        <path d="M0 22 H84" stroke="#a67f48" strokeWidth="3" />
        <rect x="34" y="0" width="16" height="70" fill="#e8d3b0" />
        <rect x="12" y="36" width="18" height="12" rx="2" fill="#fff" />
      </g>
      <g transform="translate(312 40)">
        <path
          d="M24 0 C 10 0 0 10 0 24 C 0 42 24 64 24 64 C 24 64 48 42 48 24 C 48 10 38 0 24 0 Z"
          fill="#f42a41"
        />
        <circle cx="24" cy="23" r="9" fill="#fff" />
      </g>
      <g transform="translate(250 226)">
        <rect width="96" height="46" rx="8" fill="#006a4e" />
        <path d="M96 14 H120 L136 30 V46 H96 Z" fill="#00513b" />
        <rect x="104" y="20" width="16" height="12" rx="2" fill="#e6f2ee" />
        <circle cx="26" cy="50" r="11" fill="#1b1f1d" />
        <circle cx="26" cy="50" r="4" fill="#e6f2ee" />
        <circle cx="112" cy="50" r="11" fill="#1b1f1d" />
        <circle cx="112" cy="50" r="4" fill="#e6f2ee" />
      </g>
    </svg>
  );
}
