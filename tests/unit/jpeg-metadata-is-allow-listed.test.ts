/**
 * JPEG metadata is judged by what decoding needs, not by marker: only frame
 * headers, tables, restart intervals, scans with their data and the end of
 * the image are kept as they are, with the ICC profile; the JFIF header loses
 * its thumbnail and APP14 "Adobe" anything past its 12 bytes; every other
 * segment (EXIF, JFXX thumbnails, comments, JPGn, unknown APPn), bytes between
 * segments and anything after the end of the image are dropped.
 */
import { describe, expect, it } from 'vitest';
import { stripImageMetadata } from '../../server/services/image-metadata.ts';

const text = (value: string) => Uint8Array.from(value, (c) => c.charCodeAt(0));
const bytes = (...parts: (Uint8Array | number[])[]) => {
  const all = parts.flatMap((part) => [...part]);
  return Uint8Array.from(all);
};
const segment = (marker: number, body: Uint8Array | number[]) =>
  bytes([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff], body);

const SECRET = 'SECRET-GPS-51.5072';
const jfif = (thumb: number[]) => bytes(text('JFIF\0'), [1, 2, 1, 0, 72, 0, 72], thumb);
const adobe = bytes(text('Adobe'), [0, 100, 0, 0, 0, 0, 1]);
const icc = segment(0xe2, bytes(text('ICC_PROFILE\0'), [1, 1], text('profile-bytes')));
const dqt = segment(0xdb, [0, ...Array.from({ length: 64 }, (_, i) => i + 1)]);
const sof = segment(0xc0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0]);
const dht = segment(0xc4, [0, 1, ...Array.from({ length: 15 }, () => 0), 0]);
const dri = segment(0xdd, [0, 4]);
const scan = bytes(segment(0xda, [1, 1, 0, 0, 63, 0]), [0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]);
const eoi = [0xff, 0xd9];

const photo = bytes(
  [0xff, 0xd8],
  segment(0xe0, jfif([2, 1, ...text(SECRET.slice(0, 6))])),
  segment(0xe0, bytes(text('JFXX\0'), [0x10], text(SECRET))),
  segment(0xe1, bytes(text('Exif\0\0'), text(SECRET))),
  icc,
  segment(0xee, bytes(adobe, text(SECRET))),
  segment(0xfe, text(SECRET)),
  segment(0xf0, text(SECRET)),
  segment(0xfd, text(SECRET)),
  segment(0xeb, text(SECRET)),
  dqt,
  text('junk'),
  sof,
  dht,
  dri,
  scan,
  eoi,
  text(SECRET),
);

describe('JPEG metadata', () => {
  it('keeps only what decoding needs, the ICC profile and the fixed fields of JFIF and Adobe', () => {
    const stripped = stripImageMetadata(photo, 'image/jpeg');
    expect([...stripped]).toEqual([
      ...bytes([0xff, 0xd8], segment(0xe0, jfif([0, 0])), icc, segment(0xee, adobe), dqt, sof, dht, dri, scan, eoi),
    ]);
    expect(String.fromCharCode(...stripped)).not.toContain('SECRET');
  });

  it('gives back the very bytes of a JPEG that holds nothing else', () => {
    const clean = bytes([0xff, 0xd8], segment(0xe0, jfif([0, 0])), dqt, sof, dht, scan, eoi);
    expect(stripImageMetadata(clean, 'image/jpeg')).toBe(clean);
  });
});
