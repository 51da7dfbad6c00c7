/**
 * Removes metadata from uploaded images before they are stored, so a phone
 * photo does not publish where (GPS) and with what (camera, owner) it was
 * taken. Only the container is rewritten — the pixels are copied byte for byte,
 * nothing is decoded or re-encoded:
 *
 * - JPEG: keeps only the segments decoding needs (frame headers SOFn,
 *   Huffman and quantisation tables, arithmetic conditioning, restart
 *   interval, scans with their data, end of image), the ICC profile, and
 *   rebuilt from their fixed fields a JFIF header without its thumbnail and
 *   APP14 "Adobe" without anything past its 12 bytes (colour transform:
 *   without it CMYK photos render wrongly). Everything else goes: EXIF/XMP,
 *   JFXX thumbnails, IPTC, comments, JPGn, other APPn, bytes between
 *   segments, and anything after the end of the image. Segments between
 *   the scans of a progressive JPEG are walked too.
 * - PNG: keeps only the chunks rendering needs (pngKept: image data, palette,
 *   transparency, colour space, pixel size, animation) and drops every other
 *   one — eXIf, text, tIME, C2PA's caBX, private and unknown chunks.
 * - WebP: keeps only VP8, VP8L, VP8X, ALPH, ANIM, ANMF and ICCP; drops every
 *   other chunk (EXIF, XMP, C2PA, unknown), clears the EXIF and XMP VP8X
 *   flags and rewrites the RIFF size.
 * - GIF: drops comment extensions, anything after the trailer, and application
 *   extensions (XMP travels in one, "XMP DataXMP") except looping
 *   (NETSCAPE2.0, ANIMEXTS1.0) and the colour profile (ICCRGBG1).
 *
 * The walk is forgiving: a structure that ends early keeps (or, inside a
 * dropped segment, drops) what is left, the way decoders read such files.
 * When nothing is removed the original bytes come back as they were.
 */
import type { ImageType } from './media/image-type.ts';

export function stripImageMetadata(bytes: Uint8Array, type: ImageType): Uint8Array {
  switch (type) {
    case 'image/jpeg':
      return stripJpeg(bytes);
    case 'image/png':
      return stripPng(bytes);
    case 'image/webp':
      return stripWebp(bytes);
    case 'image/gif':
      return stripGif(bytes);
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, Math.min(bytes.length, start + length)));

// --- JPEG -------------------------------------------------------------------

const SOS = 0xda;
const EOI = 0xd9;
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;

/** RST0–7: no length field; the only standalone markers kept between segments. */
const restart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;
/** Markers with no length field: TEM, RST0–7, SOI, EOI. */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9);

/**
 * An allow-list, as for PNG and WebP: SOF0–SOF15 (0xC4 DHT and 0xCC DAC
 * among them, but not 0xC8, reserved), DNL, DQT, DRI. A marker nobody listed
 * here may carry anything.
 */
const jpegTables = (marker: number) =>
  (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc8) || marker === 0xdb || marker === 0xdc || marker === 0xdd;

const segment = (marker: number, body: Uint8Array) =>
  concat([Uint8Array.of(0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff), body]);

/**
 * What of one segment is kept: the segment as it is, a rebuilt one (JFIF and
 * Adobe keep their fixed fields only), or null (dropped). `body` is the
 * segment after its length field.
 */
function keptJpegSegment(marker: number, body: Uint8Array, whole: Uint8Array): Uint8Array | null {
  if (marker === SOS || jpegTables(marker)) return whole;
  if (marker === APP2) return ascii(body, 0, 12) === 'ICC_PROFILE\0' ? whole : null;
  // A header cut short by the end of the file has no room for anything but its fields.
  if (marker === APP0 && ascii(body, 0, 5) === 'JFIF\0') {
    if (body.length < 14) return whole;
    // version, density units and densities; no thumbnail (0 × 0)
    return segment(APP0, concat([body.subarray(0, 12), Uint8Array.of(0, 0)]));
  }
  if (marker === APP14 && ascii(body, 0, 5) === 'Adobe') {
    return body.length <= 12 ? whole : segment(APP14, body.subarray(0, 12)); // version, flags0, flags1, transform
  }
  return null;
}

/**
 * Where the entropy-coded data after an SOS header ends: the first 0xFF not
 * followed by a stuffed 0x00, a restart marker or another fill byte.
 */
function scanEnd(bytes: Uint8Array, from: number): number {
  for (let i = from; i < bytes.length - 1; i++) {
    if (bytes[i] !== 0xff) continue;
    const next = bytes[i + 1]!;
    if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) return i;
  }
  return bytes.length;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

function stripJpeg(bytes: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [bytes.subarray(0, 2)]; // SOI
  let removed = false;
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) {
      // Not a marker where one should be: decoders skip to the next one, and so do we.
      const next = bytes.indexOf(0xff, at);
      removed = true;
      if (next < 0) break;
      at = next;
      continue;
    }
    while (bytes[at + 1] === 0xff) at++; // fill bytes before a marker
    const marker = bytes[at + 1];
    if (marker === undefined) {
      removed = true;
      break;
    }
    if (marker === EOI) {
      kept.push(bytes.subarray(at, at + 2));
      // Anything after the end of the image (a "motion photo" video, a
      // second file) is not part of the picture and may carry its own metadata.
      if (at + 2 < bytes.length) removed = true;
      break;
    }
    if (standalone(marker)) {
      if (restart(marker)) kept.push(bytes.subarray(at, at + 2));
      else removed = true;
      at += 2;
      continue;
    }
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    if (length < 2) {
      removed = true;
      break;
    }
    let end = Math.min(bytes.length, at + 2 + length);
    const whole = bytes.subarray(at, end);
    const body = bytes.subarray(at + 4, end);
    // A scan header is followed by its image data, up to the next marker
    // (progressive images have several scans, with tables between them).
    if (marker === SOS) end = scanEnd(bytes, end);
    const keep = keptJpegSegment(marker, body, marker === SOS ? bytes.subarray(at, end) : whole);
    if (keep) kept.push(keep);
    if (!keep || (marker !== SOS && keep !== whole && !sameBytes(keep, whole))) removed = true;
    at = end;
  }
  return removed ? concat(kept) : bytes;
}

// --- PNG --------------------------------------------------------------------

/**
 * An allow-list, as for JPEG: a chunk type nobody listed here (C2PA's caBX,
 * a vendor's private chunk, whatever comes next) may carry anything.
 */
const pngKept = new Set([
  ...['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS'],
  // colour: gamma, chromaticities, sRGB intent, ICC profile, significant bits, HDR (cICP, mDCv, cLLi)
  ...['gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'cICP', 'mDCv', 'cLLi'],
  // pixel aspect ratio and the background colour a viewer may show
  ...['pHYs', 'bKGD'],
  // APNG animation
  ...['acTL', 'fcTL', 'fdAT'],
]);

function stripPng(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let removed = false;
  let at = 8;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) {
      kept.push(bytes.subarray(at));
      break;
    }
    const length = view.getUint32(at);
    const type = ascii(bytes, at + 4, 4);
    const end = Math.min(bytes.length, at + 12 + length);
    if (pngKept.has(type)) kept.push(bytes.subarray(at, end));
    else removed = true;
    at = end;
    if (type === 'IEND') {
      if (at < bytes.length) removed = true; // trailing bytes after IEND can hide anything
      break;
    }
  }
  return removed ? concat(kept) : bytes;
}

// --- WebP -------------------------------------------------------------------

/** Chunks that make up the picture (WebP container spec); anything else is metadata or unknown. */
const webpKept = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function stripWebp(bytes: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [];
  let removed = false;
  let vp8x: Uint8Array | null = null;
  let at = 12;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) {
      kept.push(bytes.subarray(at));
      break;
    }
    const fourcc = ascii(bytes, at, 4);
    const size = new DataView(bytes.buffer, bytes.byteOffset + at + 4, 4).getUint32(0, true);
    const end = Math.min(bytes.length, at + 8 + size + (size % 2));
    if (!webpKept.has(fourcc)) {
      removed = true;
    } else if (fourcc === 'VP8X' && at + 8 < bytes.length) {
      vp8x = bytes.slice(at, end); // a copy: its flags are rewritten below
      kept.push(vp8x);
    } else {
      kept.push(bytes.subarray(at, end));
    }
    at = end;
  }
  if (!removed) return bytes;
  if (vp8x) vp8x[8] = vp8x[8]! & ~(VP8X_EXIF | VP8X_XMP);
  const body = concat(kept);
  const out = new Uint8Array(12 + body.length);
  out.set(bytes.subarray(0, 12));
  out.set(body, 12);
  new DataView(out.buffer).setUint32(4, out.length - 8, true);
  return out;
}

// --- GIF --------------------------------------------------------------------

const GIF_EXTENSION = 0x21;
const GIF_IMAGE = 0x2c;
const GIF_TRAILER = 0x3b;
const GIF_COMMENT = 0xfe;
const GIF_APPLICATION = 0xff;
const keptGifApplications = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0', 'ICCRGBG1012']);

/** The end of a run of data sub-blocks starting at `at` (past its zero terminator). */
function gifSubBlocksEnd(bytes: Uint8Array, at: number): number {
  while (at < bytes.length) {
    const size = bytes[at]!;
    at += 1 + size;
    if (size === 0) break;
  }
  return Math.min(at, bytes.length);
}

/** The size of a colour table announced by a packed-fields byte (0 when it has none). */
const gifColorTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

function stripGif(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 13) return bytes;
  const kept: Uint8Array[] = [];
  let removed = false;
  let at = 13 + gifColorTable(bytes[10]!);
  kept.push(bytes.subarray(0, Math.min(at, bytes.length)));
  while (at < bytes.length) {
    const introducer = bytes[at]!;
    if (introducer === GIF_TRAILER) {
      kept.push(bytes.subarray(at, at + 1));
      removed ||= at + 1 < bytes.length;
      break;
    }
    let end: number;
    if (introducer === GIF_EXTENSION) {
      const label = bytes[at + 1];
      end = gifSubBlocksEnd(bytes, at + 2);
      const application = label === GIF_APPLICATION ? ascii(bytes, at + 3, Math.min(11, bytes[at + 2] ?? 0)) : null;
      if (label === GIF_COMMENT || (application !== null && !keptGifApplications.has(application))) {
        removed = true;
        at = end;
        continue;
      }
    } else if (introducer === GIF_IMAGE) {
      const header = at + 10 + gifColorTable(bytes[at + 9] ?? 0);
      end = gifSubBlocksEnd(bytes, header + 1); // past the LZW minimum code size
    } else {
      // Not a block a decoder knows: keep the rest as it is, as decoders would stop here.
      kept.push(bytes.subarray(at));
      break;
    }
    kept.push(bytes.subarray(at, end));
    at = end;
  }
  return removed ? concat(kept) : bytes;
}
