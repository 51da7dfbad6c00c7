/**
 * Reed–Solomon error correction over GF(256) with the QR code polynomial
 * x⁸ + x⁴ + x³ + x² + 1 (ISO/IEC 18004 §7.5.2), generator roots α⁰ … αⁿ⁻¹.
 */

const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;
}

export function gfMultiply(a: number, b: number): number {
  return a === 0 || b === 0 ? 0 : EXP[LOG[a]! + LOG[b]!]!;
}

/** α^i. */
export function gfPow(i: number): number {
  return EXP[((i % 255) + 255) % 255]!;
}

/** Coefficients of ∏ (x − αⁱ), i < degree, highest power first, leading 1 dropped. */
function generator(degree: number): Uint8Array {
  let poly = [1];
  for (let i = 0; i < degree; i++) {
    const next = new Array<number>(poly.length + 1).fill(0);
    for (let j = 0; j < poly.length; j++) {
      next[j] = next[j]! ^ poly[j]!;
      next[j + 1] = next[j + 1]! ^ gfMultiply(poly[j]!, gfPow(i));
    }
    poly = next;
  }
  return Uint8Array.from(poly.slice(1));
}

/** The `count` error-correction codewords for `data` (the remainder of data·xⁿ ÷ generator). */
export function reedSolomon(data: ArrayLike<number>, count: number): Uint8Array {
  const gen = generator(count);
  const remainder = new Uint8Array(count);
  for (let i = 0; i < data.length; i++) {
    const factor = data[i]! ^ remainder[0]!;
    remainder.copyWithin(0, 1);
    remainder[count - 1] = 0;
    for (let j = 0; j < count; j++) remainder[j] = remainder[j]! ^ gfMultiply(gen[j]!, factor);
  }
  return remainder;
}
