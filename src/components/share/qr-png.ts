/**
 * The QR code as a PNG file, drawn on a canvas on the device: whole pixels
 * per module (no blur when a print shop scales it) and the quiet zone.
 */
import { encodeQr } from '../../shared/qr/qr-encode.ts';
import { QUIET_ZONE } from './qr-code-svg.tsx';

/** 12 px per module: a version 4 code is 492 px, sharp on a 10 cm print at 120 dpi. */
const MODULE_PX = 12;

export function qrPngBlob(text: string): Promise<Blob> {
  const { matrix } = encodeQr(text);
  const extent = (matrix.length + QUIET_ZONE * 2) * MODULE_PX;
  const canvas = document.createElement('canvas');
  canvas.width = extent;
  canvas.height = extent;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('This browser cannot draw images.'));
  context.fillStyle = '#fff';
  context.fillRect(0, 0, extent, extent);
  context.fillStyle = '#000';
  matrix.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) context.fillRect((c + QUIET_ZONE) * MODULE_PX, (r + QUIET_ZONE) * MODULE_PX, MODULE_PX, MODULE_PX);
    }),
  );
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Could not make the PNG.'))), 'image/png'),
  );
}

/** Saves the QR code as `name` through a temporary link. */
export async function downloadQrPng(text: string, name: string): Promise<void> {
  const url = URL.createObjectURL(await qrPngBlob(text));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
