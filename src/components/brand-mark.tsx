/** The logo mark: a map pin whose head is a rising sun over a street grid. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 32 32" className="brand-mark">
      <path d="M16 2C9.4 2 4 7.2 4 13.7 4 22.5 16 30 16 30s12-7.5 12-16.3C28 7.2 22.6 2 16 2z" fill="#ff6b4a" />
      <circle cx="16" cy="13.5" r="5.5" fill="#16142b" />
      <circle cx="16" cy="13.5" r="2.4" fill="#ffd166" />
    </svg>
  );
}
