/**
 * The Embark mark: a path rising to a flag. Decorative (the link around it is named by the brand
 * text). The header, the sign-in screens and the landing page draw it in their own brand class.
 */
export function BrandMark({ className, size = 20 }: { className: string; size?: number }) {
  return (
    <span className={className} aria-hidden="true">
      <svg viewBox="0 0 24 24" width={size} height={size} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M4 20c3-1 4-4 7-6s5-1 7-5" />
        <path d="M18 9V3l3 1.5L18 6" />
      </svg>
    </span>
  );
}
