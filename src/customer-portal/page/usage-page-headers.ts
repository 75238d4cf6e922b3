/**
 * The headers of the usage page (pure): the hosted pages' headers, with a CSP that allows no
 * form at all and whose `frame-ancestors` lists the origins the company allows to frame the
 * page. With none allowed it is `'none'` and X-Frame-Options DENY stays; with some, the
 * X-Frame-Options header is left out (it cannot name origins, and CSP supersedes it).
 */
export function usagePageHeaders(base: Record<string, string>, frameAncestors: readonly string[]): Record<string, string> {
  const ancestors = frameAncestors.length ? frameAncestors.join(' ') : "'none'";
  const csp = `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'none'; base-uri 'none'; frame-ancestors ${ancestors}`;
  const headers: Record<string, string> = { ...base, 'Content-Security-Policy': csp };
  if (frameAncestors.length) delete headers['X-Frame-Options'];
  return headers;
}
