/**
 * A QR code as SVG (crisp at any print size), encoded on the device by
 * src/shared/qr — no network, so it works offline. One path of unit squares
 * plus the four-module quiet zone the standard asks for.
 */
import { useMemo } from 'react';
import { encodeQr } from '../../shared/qr/qr-encode.ts';

export const QUIET_ZONE = 4;

export function qrPath(matrix: readonly (readonly boolean[])[]): string {
  let d = '';
  matrix.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) d += `M${c + QUIET_ZONE} ${r + QUIET_ZONE}h1v1h-1z`;
    }),
  );
  return d;
}

export function QrCodeSvg({ text, label, className }: { text: string; label: string; className?: string }) {
  const { matrix } = useMemo(() => encodeQr(text), [text]);
  const extent = matrix.length + QUIET_ZONE * 2;
  return (
    <svg
      className={className}
      viewBox={`0 0 ${extent} ${extent}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={extent} height={extent} fill="#fff" />
      <path d={qrPath(matrix)} fill="#000" />
    </svg>
  );
}
