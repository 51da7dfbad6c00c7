/**
 * The posters' QR codes (src/shared/qr, on uqr) are what a phone reads:
 * every version 1–10 and every mask, and any UTF-8 text that fits, decode
 * back to the text through jsQR (tests/support/qr-read.ts), an independent
 * decoder; level M and the version bound are the poster's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeQr } from '../../src/shared/qr/qr-encode.ts';
import { readQrMatrix } from '../support/qr-read.ts';

describe('QR encoder', () => {
  it('decodes back to the text for every version and mask', () => {
    for (let version = 1; version <= 10; version++) {
      // The byte capacity of each version at level M: the longest text that still fits.
      const capacity = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213][version - 1]!;
      const text = `https://r.example/e/${'x'.repeat(300)}`.slice(0, capacity);
      for (let mask = 0; mask < 8; mask++) {
        const code = encodeQr(text, { mask });
        expect(code).toMatchObject({ version, mask });
        expect(code.matrix).toHaveLength(17 + 4 * version);
        expect(readQrMatrix(code.matrix)).toBe(text);
      }
    }
  });

  it('encodes at level M, so a poster survives a little damage', () => {
    // Format information (row 8, columns 0–5) begins with the level: M is 00, masked with 10 → 10.
    const { matrix } = encodeQr('https://roamly.example.com/e/12/rooftop-jazz');
    expect(matrix[8]!.slice(0, 2)).toEqual([true, false]);
  });

  it('refuses text past version 10 rather than print modules too small to scan', () => {
    expect(encodeQr('x'.repeat(213)).version).toBe(10);
    expect(() => encodeQr('x'.repeat(214))).toThrow(RangeError);
  });

  it('round-trips any UTF-8 text that fits', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        fc.pre(new TextEncoder().encode(text).length <= 213);
        expect(readQrMatrix(encodeQr(text).matrix)).toBe(text);
      }),
      { numRuns: 200 },
    );
  });

  it('the decoder reads nothing from a symbol without its finder patterns, so a passing round trip means something', () => {
    const { matrix } = encodeQr('https://roamly.example.com/e/1/a');
    const damaged = matrix.map((row, r) => row.map((dark, c) => (r < 8 && c < 8 ? false : dark)));
    expect(readQrMatrix(damaged)).toBeNull();
  });
});
