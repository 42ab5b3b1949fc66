/**
 * Whether a link may be opened or rendered as a link: only absolute http(s) URLs. Anything else
 * (`javascript:`, `data:`, relative or unparsable text) would run or load in the portal's origin;
 * the gateway refuses such URLs on save, and the pages check again (docs/product.md#documents).
 */
export function isSafeDocumentUrl(url: string | null | undefined): boolean {
  if (typeof url !== 'string' || url.trim() === '') return false;
  try {
    const parsed = new URL(url.trim());
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}
