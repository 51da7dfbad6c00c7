/** Content negotiation of `Accept-Encoding` (RFC 9110 §12.5.3), for answers sent compressed. */

/** Accept-Encoding lists the coding, without q=0. */
export function acceptsEncoding(header: string, coding: string): boolean {
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== coding) return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}
