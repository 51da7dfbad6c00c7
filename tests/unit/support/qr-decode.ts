/**
 * A small QR decoder for tests, written from ISO/IEC 18004 apart from the
 * encoder in src/shared/qr (it shares only the standard's tables): it reads a
 * module matrix (or a PNG screenshot of one), finds the level and mask from
 * the format information, reads the codewords, checks every block's
 * Reed–Solomon syndromes are zero (no correction: a test symbol must be
 * perfect) and returns the byte-mode text. It proves a rendered code is
 * readable without trusting the encoder's own placement logic.
 */
import { inflateSync } from 'node:zlib';

type Matrix = readonly (readonly boolean[])[];

// ISO/IEC 18004 Table 9 (level M, versions 1–10): [EC codewords per block, data codewords per block…].
const LEVEL_M: Record<number, [number, number[]]> = {
  1: [10, [16]],
  2: [16, [28]],
  3: [26, [44]],
  4: [18, [32, 32]],
  5: [24, [43, 43]],
  6: [16, [27, 27, 27, 27]],
  7: [18, [31, 31, 31, 31]],
  8: [22, [38, 38, 39, 39]],
  9: [22, [36, 36, 36, 37, 37]],
  10: [26, [43, 43, 43, 43, 44]],
};
// Annex E: alignment pattern centres.
const ALIGN: Record<number, number[]> = {
  1: [],
  2: [6, 18],
  3: [6, 22],
  4: [6, 26],
  5: [6, 30],
  6: [6, 34],
  7: [6, 22, 38],
  8: [6, 24, 42],
  9: [6, 26, 46],
  10: [6, 28, 50],
};

// GF(256) by multiplication table, built by repeated multiply-by-2 (not log tables as the encoder does).
function mul(a: number, b: number): number {
  let result = 0;
  while (b) {
    if (b & 1) result ^= a;
    a <<= 1;
    if (a & 0x100) a ^= 0x11d;
    b >>= 1;
  }
  return result;
}

function syndromesZero(codeword: number[], ecCount: number): boolean {
  let alpha = 1;
  for (let i = 0; i < ecCount; i++) {
    let s = 0;
    for (const c of codeword) s = mul(s, alpha) ^ c; // Horner at αⁱ
    if (s !== 0) return false;
    alpha = mul(alpha, 2);
  }
  return true;
}

/** Format codes of Annex C, generated from the BCH(15,5) definition by long division. */
function formatCode(data5: number): number {
  let value = data5 << 10;
  for (let bit = 14; bit >= 10; bit--) if (value & (1 << bit)) value ^= 0x537 << (bit - 10);
  return ((data5 << 10) | value) ^ 0x5412;
}

function isFunction(size: number, version: number): boolean[][] {
  const fn = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const mark = (r0: number, c0: number, h: number, w: number) => {
    for (let r = r0; r < r0 + h; r++)
      for (let c = c0; c < c0 + w; c++) if (r >= 0 && c >= 0 && r < size && c < size) fn[r]![c] = true;
  };
  mark(0, 0, 9, 9); // finder + separator + format
  mark(0, size - 8, 9, 8);
  mark(size - 8, 0, 8, 9);
  mark(6, 0, 1, size);
  mark(0, 6, size, 1);
  const centres = ALIGN[version]!;
  const last = centres.length - 1;
  centres.forEach((r, i) =>
    centres.forEach((c, j) => {
      const finderCorner = (i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0);
      if (!finderCorner) mark(r - 2, c - 2, 5, 5);
    }),
  );
  if (version >= 7) {
    mark(0, size - 11, 6, 3);
    mark(size - 11, 0, 3, 6);
  }
  return fn;
}

const MASK: ((r: number, c: number) => boolean)[] = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_r, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
];

export function decodeQrMatrix(m: Matrix): string {
  const size = m.length;
  const version = (size - 17) / 4;
  if (!LEVEL_M[version]) throw new Error(`unsupported size ${size}`);
  // Format information, first copy: row 8 columns 0–5,7,8 then column 8 rows 7,5…0 (MSB first).
  const positions: [number, number][] = [
    [8, 0],
    [8, 1],
    [8, 2],
    [8, 3],
    [8, 4],
    [8, 5],
    [8, 7],
    [8, 8],
    [7, 8],
    [5, 8],
    [4, 8],
    [3, 8],
    [2, 8],
    [1, 8],
    [0, 8],
  ];
  const read = positions.reduce((v, [r, c]) => (v << 1) | (m[r]![c] ? 1 : 0), 0);
  let format = -1;
  for (let data = 0; data < 32; data++) if (formatCode(data) === read) format = data;
  if (format < 0) throw new Error('format information unreadable');
  if (format >> 3 !== 0b00) throw new Error(`not level M (${format >> 3})`);
  const mask = MASK[format & 7]!;
  const fn = isFunction(size, version);
  fn[size - 8]![8] = true;

  const bits: number[] = [];
  let upward = true;
  for (let col = size - 1; col > 0; col -= 2) {
    if (col === 6) col--;
    for (let k = 0; k < size; k++) {
      const row = upward ? size - 1 - k : k;
      for (const c of [col, col - 1]) if (!fn[row]![c]) bits.push((m[row]![c] ? 1 : 0) ^ (mask(row, c) ? 1 : 0));
    }
    upward = !upward;
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8).join(''), 2));

  const [ec, sizes] = LEVEL_M[version]!;
  const blocks = sizes.map(() => [] as number[]);
  let k = 0;
  for (let i = 0; i < Math.max(...sizes); i++) sizes.forEach((n, b) => i < n && blocks[b]!.push(bytes[k++]!));
  for (let i = 0; i < ec; i++) blocks.forEach((block) => block.push(bytes[k++]!));
  blocks.forEach((block, b) => {
    if (!syndromesZero(block, ec)) throw new Error(`block ${b} fails its Reed–Solomon check`);
  });
  const data = blocks.flatMap((block, b) => block.slice(0, sizes[b]));
  const stream = data.flatMap((byte) => [7, 6, 5, 4, 3, 2, 1, 0].map((s) => (byte >> s) & 1));
  const take = (n: number) => parseInt(stream.splice(0, n).join(''), 2);
  if (take(4) !== 0b0100) throw new Error('not byte mode');
  const length = take(version < 10 ? 8 : 16);
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from({ length }, () => take(8)));
}

/** Decodes an 8-bit RGB/RGBA PNG (what browsers write) to grey levels. */
export function pngToGrey(png: Uint8Array): { width: number; height: number; grey: Uint8Array } {
  const view = Buffer.from(png);
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 4;
  const idat: Buffer[] = [];
  while (offset < view.length) {
    const length = view.readUInt32BE(offset);
    const type = view.toString('ascii', offset + 4, offset + 8);
    const body = view.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8) throw new Error('only 8-bit PNGs');
      channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[body[9]!]!;
    }
    if (type === 'IDAT') idat.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const a = x >= channels ? out[y * stride + x - channels]! : 0;
      const b = y > 0 ? out[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? out[(y - 1) * stride + x - channels]! : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      const predicted = [0, a, b, (a + b) >> 1, paeth][filter]!;
      out[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const px = out.subarray(i * channels, i * channels + channels);
    const lum = channels >= 3 ? (px[0]! + px[1]! + px[2]!) / 3 : px[0]!;
    const alpha = channels === 4 ? px[3]! / 255 : channels === 2 ? px[1]! / 255 : 1;
    grey[i] = Math.round(lum * alpha + 255 * (1 - alpha)); // transparent reads as white paper
  }
  return { width, height, grey };
}

/**
 * Samples the module grid of an upright, unrotated QR image (a screenshot):
 * the dark bounding box is the symbol; the top-left finder's first row is
 * seven modules wide, which gives the module size.
 */
export function matrixFromImage({ width, height, grey }: ReturnType<typeof pngToGrey>): boolean[][] {
  const dark = (x: number, y: number) => grey[Math.floor(y) * width + Math.floor(x)]! < 128;
  let top = -1;
  let left = width;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!dark(x, y)) continue;
      if (top < 0) top = y;
      bottom = y;
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  }
  if (top < 0) throw new Error('no dark pixels');
  // The finder's top row, just inside its anti-aliased edge.
  let probeY = top + 1;
  while (probeY < bottom && !dark(left, probeY)) probeY++;
  let run = 0;
  while (dark(left + run, probeY)) run++;
  if (run === 0) throw new Error('no finder pattern at the top left');
  const module = run / 7;
  // A symbol is 21 + 4k modules wide: snap to that, since a module drawn 7.15 px wide
  // measures 7 or 8 px at the edge and a plain rounding can land on an impossible size.
  const size = 21 + 4 * Math.max(0, Math.round(((right - left + 1) / module - 21) / 4));
  const step = (right - left + 1) / size;
  return Array.from({ length: size }, (_, r) =>
    Array.from({ length: size }, (_, c) =>
      dark(left + (c + 0.5) * step, top + ((r + 0.5) * (bottom - top + 1)) / size),
    ),
  );
}
