/**
 * QR codes (ISO/IEC 18004) for the posters, encoded on the device by `uqr`
 * (a port of Project Nayuki's reference encoder; why a library:
 * docs/decisions/014-libraries-over-home-grown.md). Byte mode (UTF-8),
 * error correction level M (15 % of the symbol can be damaged — a poster on
 * a lamp post), versions 1–10 (up to 213 bytes, plenty for a listing URL,
 * and modules stay large enough to print small).
 * The result is a square of booleans, true = dark module, without the quiet
 * zone (draw four light modules around it).
 */
import { encode } from 'uqr';

export const MAX_VERSION = 10;

export type QrMatrix = boolean[][];

export interface QrCode {
  version: number;
  mask: number;
  matrix: QrMatrix;
}

/** Encodes text (as UTF-8) at level M; the mask is the one with the lowest penalty unless given. */
export function encodeQr(text: string, options: { mask?: number } = {}): QrCode {
  // Bytes, not the string: uqr would pick numeric or alphanumeric segments, and
  // throws on a lone surrogate where TextEncoder writes U+FFFD.
  const bytes = [...new TextEncoder().encode(text)];
  try {
    const code = encode(bytes, { ecc: 'M', border: 0, maxVersion: MAX_VERSION, maskPattern: options.mask ?? -1 });
    return { version: code.version, mask: code.maskPattern, matrix: code.data };
  } catch (error) {
    throw new RangeError(`Too long for a version ${MAX_VERSION} QR code at level M: ${bytes.length} bytes.`, {
      cause: error,
    });
  }
}
