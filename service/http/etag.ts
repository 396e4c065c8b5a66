/**
 * Whether an `If-None-Match` header names the entity tag `etag` (quoted, as the answer sends
 * it): `*`, or any tag of its list by the weak comparison RFC 9110 asks for there, so `W/"x"`
 * and `"x"` are the same tag. One check for every answer that sends a tag and may answer 304.
 */
export function matchesEtag(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
