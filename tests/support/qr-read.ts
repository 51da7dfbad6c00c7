/**
 * Reads QR codes the way a phone does, with jsQR (an independent decoder
 * that finds the symbol in an image): from a PNG (a screenshot, the
 * downloaded file) or from an encoded matrix drawn with its quiet zone.
 * Null when nothing decodes.
 */
import jsQR from 'jsqr';

export async function readQrPng(png: Uint8Array): Promise<string | null> {
  // Loaded here: the unit tests that read matrices need no native image library.
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

/** Draws `matrix` at `scale` px per module inside a four-module quiet zone, then reads it. */
export function readQrMatrix(matrix: readonly (readonly boolean[])[], scale = 4): string | null {
  const quiet = 4;
  const side = (matrix.length + quiet * 2) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  matrix.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (!dark) return;
      for (let y = (r + quiet) * scale; y < (r + quiet + 1) * scale; y++) {
        for (let x = (c + quiet) * scale; x < (c + quiet + 1) * scale; x++)
          pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
      }
    }),
  );
  return jsQR(pixels, side, side)?.data ?? null;
}
