/**
 * Client-side image preparation before a write is queued (architecture §3): a photo
 * from a phone is often 4000 px and 5 MB; queued offline, that would sit in
 * IndexedDB and later crawl over a bad link. So every avatar and cover is
 * re-encoded to at most 1600 px on its long side (re-encoding also drops EXIF,
 * which may carry the GPS position of the phone), and covers are cropped to
 * the card's aspect ratio so the card shows what the promoter chose.
 * Where the browser cannot decode or encode (old engines, tests), the
 * original file is used unchanged: the server still checks it.
 */

export const MAX_IMAGE_SIDE = 1600;
/** The event card's cover shape (width / height). */
export const COVER_ASPECT = 16 / 9;

export function isImageFile(file: Blob): boolean {
  return file.type.startsWith('image/');
}

export interface PrepareOptions {
  maxSide?: number;
  /** Crop to this width/height ratio ("cover"), centred on `focusY`. */
  aspect?: number;
  /** Vertical focus of the crop, 0 = top, 1 = bottom. */
  focusY?: number;
}

export interface CropBox {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
  width: number;
  height: number;
}

/** Pure geometry: which part of the source to draw and at what output size. */
export function computeCrop(srcWidth: number, srcHeight: number, options: PrepareOptions = {}): CropBox {
  const maxSide = options.maxSide ?? MAX_IMAGE_SIDE;
  let sx = 0;
  let sy = 0;
  let sw = srcWidth;
  let sh = srcHeight;
  if (options.aspect) {
    if (srcWidth / srcHeight > options.aspect) {
      sw = Math.round(srcHeight * options.aspect);
      sx = Math.round((srcWidth - sw) / 2);
    } else {
      sh = Math.round(srcWidth / options.aspect);
      sy = Math.round((srcHeight - sh) * Math.min(1, Math.max(0, options.focusY ?? 0.5)));
    }
  }
  const scale = Math.min(1, maxSide / Math.max(sw, sh));
  return { sx, sy, sw, sh, width: Math.max(1, Math.round(sw * scale)), height: Math.max(1, Math.round(sh * scale)) };
}

/** Downscales (and optionally crops) an image; falls back to the original blob. */
export async function prepareImage(file: Blob, options: PrepareOptions = {}): Promise<Blob> {
  if (!isImageFile(file) || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const box = computeCrop(bitmap.width, bitmap.height, options);
    const canvas = makeCanvas(box.width, box.height);
    const context = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, box.sx, box.sy, box.sw, box.sh, 0, 0, box.width, box.height);
    bitmap.close();
    const encoded = (await encode(canvas, 'image/webp')) ?? (await encode(canvas, 'image/jpeg'));
    return encoded ?? file;
  } catch {
    return file;
  }
}

function makeCanvas(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

async function encode(canvas: OffscreenCanvas | HTMLCanvasElement, type: string): Promise<Blob | null> {
  const blob =
    'convertToBlob' in canvas
      ? await canvas.convertToBlob({ type, quality: 0.85 })
      : await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.85));
  // Browsers that cannot encode `type` silently fall back to PNG.
  return blob && blob.type === type ? blob : null;
}
