/**
 * The QR encoder (src/shared/qr) against published vectors — the
 * Reed–Solomon codewords of the standard's worked "HELLO WORLD" 1-M example,
 * the format and version bit strings of ISO/IEC 18004 Annexes C and D — and
 * round trips through an independent decoder (tests/unit/support/qr-decode.ts)
 * for every version 1–10 and every mask.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reedSolomon } from '../../src/shared/qr/reed-solomon.ts';
import { encodeQr, formatBits, versionBits, versionFor } from '../../src/shared/qr/qr-encode.ts';
import { decodeQrMatrix } from './support/qr-decode.ts';

describe('QR encoder', () => {
  it('computes the Reed–Solomon codewords of the HELLO WORLD 1-M example', () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect([...reedSolomon(data, 10)]).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it('writes the format bits of Annex C for level M', () => {
    const table = [
      '101010000010010',
      '101000100100101',
      '101111001111100',
      '101101101001011',
      '100010111111001',
      '100000011001110',
      '100111110010111',
      '100101010100000',
    ];
    table.forEach((bits, mask) => expect(formatBits(mask).toString(2).padStart(15, '0')).toBe(bits));
  });

  it('writes the version bits of Annex D', () => {
    expect(versionBits(7).toString(2).padStart(18, '0')).toBe('000111110010010100');
    expect(versionBits(10).toString(2).padStart(18, '0')).toBe('001010010011010011');
  });

  it('picks the smallest version that holds the bytes, up to version 10', () => {
    expect(versionFor(14)).toBe(1);
    expect(versionFor(15)).toBe(2);
    expect(versionFor(180)).toBe(9);
    expect(versionFor(213)).toBe(10);
    expect(() => versionFor(214)).toThrow(RangeError);
  });

  it('draws finder patterns, timing and the dark module where the standard puts them', () => {
    const { matrix } = encodeQr('https://roamly.example.com/e/12/rooftop-jazz');
    const size = matrix.length;
    const finder = ['1111111', '1000001', '1011101', '1011101', '1011101', '1000001', '1111111'];
    for (const [r0, c0] of [
      [0, 0],
      [0, size - 7],
      [size - 7, 0],
    ] as const) {
      finder.forEach((row, r) =>
        expect(
          matrix[r0 + r]!.slice(c0, c0 + 7)
            .map(Number)
            .join(''),
        ).toBe(row),
      );
    }
    for (let i = 8; i < size - 8; i++) expect(matrix[6]![i]).toBe(i % 2 === 0);
    expect(matrix[size - 8]![8]).toBe(true);
  });

  it('decodes back to the text for every version and mask', () => {
    for (let version = 1; version <= 10; version++) {
      const capacity = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213][version - 1]!;
      const text = `https://r.example/e/${'x'.repeat(300)}`.slice(0, capacity);
      for (let mask = 0; mask < 8; mask++) {
        const code = encodeQr(text, { mask });
        expect(code.version).toBe(version);
        expect(decodeQrMatrix(code.matrix)).toBe(text);
      }
    }
  });

  it('round-trips any UTF-8 text that fits', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        fc.pre(new TextEncoder().encode(text).length <= 213);
        expect(decodeQrMatrix(encodeQr(text).matrix)).toBe(text);
      }),
      { numRuns: 200 },
    );
  });

  it('the decoder refuses a damaged symbol, so a passing round trip means something', () => {
    const { matrix } = encodeQr('https://roamly.example.com/e/1/a');
    const damaged = matrix.map((row) => [...row]);
    damaged[matrix.length - 1]![matrix.length - 1] = !damaged[matrix.length - 1]![matrix.length - 1];
    expect(() => decodeQrMatrix(damaged)).toThrow(/Reed–Solomon/);
  });
});
