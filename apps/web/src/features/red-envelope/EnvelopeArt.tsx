/** A red envelope drawn in SVG (no image request). */
export function EnvelopeArt({ size = 44, open = false }: { size?: number; open?: boolean }) {
  return (
    <svg className="renv-art" width={size} height={size * 1.25} viewBox="0 0 40 50" aria-hidden="true">
      <rect x="2" y="4" width="36" height="44" rx="5" fill="#d9262c" />
      <rect x="2" y="4" width="36" height="44" rx="5" fill="url(#renv-shine)" opacity=".35" />
      {open
        ? <path d="M2 12 20 2l18 10" fill="none" stroke="#ffcf5a" strokeWidth="2" />
        : <path d="M2 9c0-3 2-5 5-5h26c3 0 5 2 5 5v6c-5 5-11 7-18 7S7 20 2 15Z" fill="#b51c22" />}
      <circle cx="20" cy="21" r="6.5" fill="#ffcf5a" stroke="#e0a526" strokeWidth="1.2" />
      <text x="20" y="24.5" textAnchor="middle" fontSize="9" fontWeight="700" fill="#b51c22">$</text>
      <defs>
        <linearGradient id="renv-shine" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff" />
          <stop offset=".5" stopColor="#fff" stopOpacity="0" />
        </linearGradient>
      </defs>
    </svg>
  );
}
