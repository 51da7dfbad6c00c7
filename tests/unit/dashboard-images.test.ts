import { describe, expect, it } from 'vitest';
import { COVER_ASPECT, computeCrop, isImageFile, prepareImage } from '../../src/lib/images.ts';

describe('image preparation', () => {
  it('downscales the long side to 1600 px and never upscales', () => {
    expect(computeCrop(4000, 3000)).toMatchObject({ sx: 0, sy: 0, sw: 4000, sh: 3000, width: 1600, height: 1200 });
    expect(computeCrop(800, 600)).toMatchObject({ width: 800, height: 600 });
  });

  it('crops a cover to the card shape around the chosen height', () => {
    const centred = computeCrop(3000, 4000, { aspect: COVER_ASPECT });
    expect(centred).toMatchObject({ sx: 0, sw: 3000, sh: 1688, sy: 1156, width: 1600, height: 900 });
    expect(computeCrop(3000, 4000, { aspect: COVER_ASPECT, focusY: 0 }).sy).toBe(0);
    expect(computeCrop(4000, 1000, { aspect: COVER_ASPECT })).toMatchObject({ sy: 0, sh: 1000, sw: 1778, sx: 1111 });
  });

  it('accepts only image files, and keeps the original where the browser cannot re-encode', async () => {
    const pdf = new Blob(['%PDF'], { type: 'application/pdf' });
    expect(isImageFile(pdf)).toBe(false);
    expect(await prepareImage(pdf)).toBe(pdf);
    const png = new Blob(['not really a png'], { type: 'image/png' });
    expect(await prepareImage(png)).toBe(png); // jsdom has no createImageBitmap
  });
});
