/**
 * A compact QR code encoder (ISO/IEC 18004): byte mode (UTF-8), error
 * correction level M (15 % of the symbol can be damaged — a poster on a
 * lamp post), versions 1–10 (up to 213 bytes, plenty for a listing URL).
 * Written here rather than added as a dependency: the dashboard needs one
 * small function, offline, and the whole encoder is ~3 KB minified.
 * The result is a square of booleans, true = dark module, without the quiet
 * zone (draw four light modules around it).
 */
import { reedSolomon } from './reed-solomon.ts';

/** Per version 1–10 at level M: EC codewords per block, and the data codewords of each block. */
const BLOCKS_M: readonly { ec: number; data: readonly number[] }[] = [
  { ec: 10, data: [16] },
  { ec: 16, data: [28] },
  { ec: 26, data: [44] },
  { ec: 18, data: [32, 32] },
  { ec: 24, data: [43, 43] },
  { ec: 16, data: [27, 27, 27, 27] },
  { ec: 18, data: [31, 31, 31, 31] },
  { ec: 22, data: [38, 38, 39, 39] },
  { ec: 22, data: [36, 36, 36, 37, 37] },
  { ec: 26, data: [43, 43, 43, 43, 44] },
];

/** Centres of the alignment patterns per version (rows and columns alike). */
const ALIGNMENT: readonly (readonly number[])[] = [
  [],
  [6, 18],
  [6, 22],
  [6, 26],
  [6, 30],
  [6, 34],
  [6, 22, 38],
  [6, 24, 42],
  [6, 26, 46],
  [6, 28, 50],
];

export const MAX_VERSION = BLOCKS_M.length;
/** Level M in the format information (L=01, M=00, Q=11, H=10). */
const EC_LEVEL_M_BITS = 0b00;

export type QrMatrix = boolean[][];

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** The smallest version whose data capacity holds `bytes` bytes (mode, count and data bits). */
export function versionFor(bytes: number): number {
  for (let version = 1; version <= MAX_VERSION; version++) {
    const countBits = version < 10 ? 8 : 16;
    if (4 + countBits + bytes * 8 <= sum(BLOCKS_M[version - 1]!.data) * 8) return version;
  }
  throw new RangeError(`Too long for a version ${MAX_VERSION} QR code at level M: ${bytes} bytes.`);
}

/** Mode, count, data, terminator and padding as data codewords. */
export function dataCodewords(bytes: Uint8Array, version: number): Uint8Array {
  const capacity = sum(BLOCKS_M[version - 1]!.data);
  const bits: number[] = [];
  const push = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  push(0b0100, 4);
  push(bytes.length, version < 10 ? 8 : 16);
  for (const byte of bytes) push(byte, 8);
  push(0, Math.min(4, capacity * 8 - bits.length));
  push(0, (8 - (bits.length % 8)) % 8);
  const words = new Uint8Array(capacity);
  for (let i = 0; i < bits.length; i += 8) words[i / 8] = parseInt(bits.slice(i, i + 8).join(''), 2);
  for (let i = bits.length / 8, pad = 0; i < capacity; i++, pad++) words[i] = pad % 2 === 0 ? 0xec : 0x11;
  return words;
}

/** Splits data into blocks, adds each block's EC codewords, and interleaves them. */
export function finalCodewords(data: Uint8Array, version: number): number[] {
  const { ec, data: sizes } = BLOCKS_M[version - 1]!;
  const blocks: Uint8Array[] = [];
  let offset = 0;
  for (const size of sizes) {
    blocks.push(data.subarray(offset, offset + size));
    offset += size;
  }
  const ecBlocks = blocks.map((block) => reedSolomon(block, ec));
  const out: number[] = [];
  for (let i = 0; i < Math.max(...sizes); i++) for (const block of blocks) if (i < block.length) out.push(block[i]!);
  for (let i = 0; i < ec; i++) for (const block of ecBlocks) out.push(block[i]!);
  return out;
}

/** The 15 format bits (level M, mask) with their BCH code and XOR mask. */
export function formatBits(mask: number): number {
  const data = (EC_LEVEL_M_BITS << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

/** The 18 version bits (versions 7 and up) with their BCH code. */
export function versionBits(version: number): number {
  let rem = version;
  for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
  return (version << 12) | rem;
}

const MASKS: readonly ((row: number, col: number) => boolean)[] = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_r, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
];

class Symbol {
  readonly size: number;
  readonly dark: boolean[][];
  readonly reserved: boolean[][];

  constructor(readonly version: number) {
    this.size = version * 4 + 17;
    this.dark = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false));
    this.reserved = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false));
  }

  set(row: number, col: number, dark: boolean): void {
    this.dark[row]![col] = dark;
    this.reserved[row]![col] = true;
  }

  drawFunctionPatterns(): void {
    const { size } = this;
    for (let i = 0; i < size; i++) {
      this.set(6, i, i % 2 === 0);
      this.set(i, 6, i % 2 === 0);
    }
    for (const [row, col] of [
      [3, 3],
      [3, size - 4],
      [size - 4, 3],
    ] as const) {
      for (let dr = -4; dr <= 4; dr++) {
        for (let dc = -4; dc <= 4; dc++) {
          const r = row + dr;
          const c = col + dc;
          if (r < 0 || r >= size || c < 0 || c >= size) continue;
          const ring = Math.max(Math.abs(dr), Math.abs(dc));
          this.set(r, c, ring !== 2 && ring !== 4);
        }
      }
    }
    const centres = ALIGNMENT[this.version - 1]!;
    const last = centres.length - 1;
    for (const [i, row] of centres.entries()) {
      for (const [j, col] of centres.entries()) {
        // Not in the three finder corners; over the timing patterns is fine.
        if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) continue;
        for (let dr = -2; dr <= 2; dr++) {
          for (let dc = -2; dc <= 2; dc++) this.set(row + dr, col + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
        }
      }
    }
    this.drawFormat(0); // reserves the format areas; redrawn with the chosen mask
    if (this.version >= 7) {
      const bits = versionBits(this.version);
      for (let i = 0; i < 18; i++) {
        const dark = ((bits >>> i) & 1) === 1;
        const a = size - 11 + (i % 3);
        const b = Math.floor(i / 3);
        this.set(a, b, dark);
        this.set(b, a, dark);
      }
    }
  }

  drawFormat(mask: number): void {
    const { size } = this;
    const bits = formatBits(mask);
    const bit = (i: number) => ((bits >>> i) & 1) === 1;
    for (let i = 0; i <= 5; i++) this.set(i, 8, bit(i));
    this.set(7, 8, bit(6));
    this.set(8, 8, bit(7));
    this.set(8, 7, bit(8));
    for (let i = 9; i < 15; i++) this.set(8, 14 - i, bit(i));
    for (let i = 0; i < 8; i++) this.set(8, size - 1 - i, bit(i));
    for (let i = 8; i < 15; i++) this.set(size - 15 + i, 8, bit(i));
    this.set(size - 8, 8, true); // the dark module
  }

  /** Places codewords in the two-column zigzag from the bottom right, skipping the timing column. */
  drawCodewords(codewords: readonly number[]): void {
    const { size } = this;
    let i = 0;
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      for (let vert = 0; vert < size; vert++) {
        for (let j = 0; j < 2; j++) {
          const col = right - j;
          const upward = ((right + 1) & 2) === 0;
          const row = upward ? size - 1 - vert : vert;
          if (this.reserved[row]![col]) continue;
          const byte = codewords[i >>> 3] ?? 0;
          this.dark[row]![col] = ((byte >>> (7 - (i & 7))) & 1) === 1;
          i++;
        }
      }
    }
  }

  applyMask(mask: number): void {
    const test = MASKS[mask]!;
    for (let r = 0; r < this.size; r++) {
      for (let c = 0; c < this.size; c++) if (!this.reserved[r]![c] && test(r, c)) this.dark[r]![c] = !this.dark[r]![c];
    }
  }
}

/** The penalty score of ISO/IEC 18004 §7.8.3 (lower is easier to read). */
export function penalty(matrix: readonly (readonly boolean[])[]): number {
  const size = matrix.length;
  let score = 0;
  const at = (r: number, c: number, transpose: boolean) => (transpose ? matrix[c]![r]! : matrix[r]![c]!);
  for (const transpose of [false, true]) {
    for (let r = 0; r < size; r++) {
      let run = 1;
      let line = '';
      for (let c = 0; c < size; c++) {
        const dark = at(r, c, transpose);
        line += dark ? '1' : '0';
        if (c > 0 && dark === at(r, c - 1, transpose)) run++;
        else {
          if (run >= 5) score += run - 2;
          run = 1;
        }
      }
      if (run >= 5) score += run - 2;
      // Finder-like 1:1:3:1:1 with four light modules on either side (light outside the symbol counts).
      const padded = `0000${line}0000`;
      for (let k = padded.indexOf('10111010000'); k >= 0; k = padded.indexOf('10111010000', k + 1)) score += 40;
      for (let k = padded.indexOf('00001011101'); k >= 0; k = padded.indexOf('00001011101', k + 1)) score += 40;
    }
  }
  let dark = 0;
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      if (matrix[r]![c]) dark++;
      if (r < size - 1 && c < size - 1) {
        const v = matrix[r]![c];
        if (v === matrix[r]![c + 1] && v === matrix[r + 1]![c] && v === matrix[r + 1]![c + 1]) score += 3;
      }
    }
  }
  score += Math.floor(Math.abs(dark * 20 - size * size * 10) / (size * size)) * 10;
  return score;
}

export interface QrCode {
  version: number;
  mask: number;
  matrix: QrMatrix;
}

/** Encodes text (as UTF-8) at level M; the mask is the one with the lowest penalty unless given. */
export function encodeQr(text: string, options: { mask?: number } = {}): QrCode {
  const bytes = new TextEncoder().encode(text);
  const version = versionFor(bytes.length);
  const codewords = finalCodewords(dataCodewords(bytes, version), version);
  const masks = options.mask === undefined ? [0, 1, 2, 3, 4, 5, 6, 7] : [options.mask];
  let best: QrCode | null = null;
  let bestScore = Infinity;
  for (const mask of masks) {
    const symbol = new Symbol(version);
    symbol.drawFunctionPatterns();
    symbol.drawCodewords(codewords);
    symbol.applyMask(mask);
    symbol.drawFormat(mask);
    const score = penalty(symbol.dark);
    if (score < bestScore) {
      bestScore = score;
      best = { version, mask, matrix: symbol.dark };
    }
  }
  return best!;
}
