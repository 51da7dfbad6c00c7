/**
 * Issue 12, finding 10: a promoter's phone photo must not publish where it
 * was taken, and images are served under their own sandbox CSP (the global
 * page policy must not replace it). The images are built here byte by byte:
 * a decodable 8×8 baseline JPEG, the 1×1 PNG of the API tests and a VP8X
 * WebP, each carrying GPS EXIF, XMP and text metadata.
 */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripImageMetadata } from '../../../server/services/image-metadata.ts';
import { PNG_1PX, call, form, signUp, type Account } from '../support/api-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let account: Account;
beforeAll(async () => {
  t = await startTestApp();
  account = await signUp(t.app, 'business');
});
afterAll(() => t.close());

const bytes = (...parts: (number[] | Uint8Array | string)[]): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : [...p])));
const u16be = (n: number) => [n >> 8, n & 0xff];
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const u32le = (n: number) => u32be(n).reverse();

/** A big-endian TIFF (the body of EXIF) whose GPS IFD says 51°30'26.34"N 0°7'39.12"W. */
function gpsTiff(): Uint8Array {
  // Header (8) + IFD0 with one entry, GPSInfo → offset 26 (2 + 12 + 4 = 18 bytes).
  const ifd0 = [...u16be(1), ...u16be(0x8825), ...u16be(4), ...u32be(1), ...u32be(26), ...u32be(0)];
  // GPS IFD at 26: four entries (2 + 48 + 4 = 54 bytes), rationals after it at 80.
  const gps = [
    ...u16be(4),
    ...u16be(1),
    ...u16be(2),
    ...u32be(2),
    ...[0x4e, 0, 0, 0], // GPSLatitudeRef "N"
    ...u16be(2),
    ...u16be(5),
    ...u32be(3),
    ...u32be(80), // GPSLatitude
    ...u16be(3),
    ...u16be(2),
    ...u32be(2),
    ...[0x57, 0, 0, 0], // GPSLongitudeRef "W"
    ...u16be(4),
    ...u16be(5),
    ...u32be(3),
    ...u32be(104), // GPSLongitude
    ...u32be(0),
  ];
  const lat = [51, 1, 30, 1, 2634, 100].flatMap(u32be);
  const lng = [0, 1, 7, 1, 3912, 100].flatMap(u32be);
  return bytes('MM', [0, 42], u32be(8), ifd0, gps, lat, lng);
}

const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="51,30.439N" ' +
  'exif:GPSLongitude="0,7.652W"/></rdf:RDF></x:xmpmeta>';

const segment = (marker: number, payload: Uint8Array) => bytes([0xff, marker], u16be(payload.length + 2), payload);

/**
 * An 8×8 grey baseline JPEG: all-ones quantisation, one-symbol Huffman
 * tables (DC category 0, AC end-of-block), so the scan is the two bits "00".
 */
function jpeg(metadata: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const jfif = segment(0xe0, bytes('JFIF\0', [1, 1, 0], u16be(1), u16be(1), [0, 0]));
  const icc = segment(0xe2, bytes('ICC_PROFILE\0', [1, 1], 'not a real profile, kept as it is'));
  const dqt = segment(0xdb, bytes([0], new Array<number>(64).fill(1)));
  const sof = segment(0xc0, bytes([8], u16be(8), u16be(8), [1, 1, 0x11, 0]));
  const dhtDc = segment(0xc4, bytes([0x00, 1], new Array<number>(15).fill(0), [0x00]));
  const dhtAc = segment(0xc4, bytes([0x10, 1], new Array<number>(15).fill(0), [0x00]));
  const sos = segment(0xda, bytes([1, 1, 0x00, 0, 63, 0]));
  return bytes([0xff, 0xd8], jfif, ...metadata, icc, dqt, sof, dhtDc, dhtAc, sos, [0x3f, 0xff, 0xd9]);
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typed = bytes(type, data);
  return bytes(u32be(data.length), typed, u32be(crc32(typed)));
}

/** PNG_1PX with metadata chunks put right after IHDR. */
function png(metadata: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const afterIhdr = 8 + 12 + 13;
  return bytes(PNG_1PX.subarray(0, afterIhdr), ...metadata, PNG_1PX.subarray(afterIhdr));
}

function riffChunk(fourcc: string, data: Uint8Array): Uint8Array {
  return bytes(fourcc, u32le(data.length), data, data.length % 2 ? [0] : []);
}

/** An extended WebP: VP8X (flags), a lossless image chunk, then EXIF and XMP when given. */
function webp(flags: number, extra: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const vp8x = riffChunk('VP8X', bytes([flags, 0, 0, 0], [0, 0, 0], [0, 0, 0]));
  const image = riffChunk('VP8L', bytes([0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07]));
  const body = bytes('WEBP', vp8x, image, ...extra);
  return bytes('RIFF', u32le(body.length), body);
}

async function uploadCover(image: Uint8Array<ArrayBuffer>, name: string): Promise<Uint8Array> {
  const created = await call(t.app, 'POST', '/api/events/create/', {
    token: account.access,
    form: form({ title: 'Photo from my phone', cover_image: new File([image], name) }),
  });
  expect(created.status).toBe(201);
  const served = await t.app.request(new URL(created.body.cover_image as string).pathname);
  expect(served.status).toBe(200);
  return new Uint8Array(await served.arrayBuffer());
}

const contains = (haystack: Uint8Array, needle: string) => Buffer.from(haystack).includes(Buffer.from(needle));

describe('uploaded photos lose their metadata', () => {
  it('strips EXIF (with GPS), XMP and comments from a JPEG and keeps JFIF, ICC and the image data', async () => {
    const exif = segment(0xe1, bytes('Exif\0\0', gpsTiff()));
    const xmp = segment(0xe1, bytes('http://ns.adobe.com/xap/1.0/\0', XMP));
    const comment = segment(0xfe, bytes('Taken at 12 Home Street'));
    const photo = jpeg([exif, xmp, comment]);
    expect(contains(photo, 'Exif')).toBe(true);

    const served = await uploadCover(photo, 'IMG_0001.JPG');
    expect(served).toEqual(jpeg([]));

    // What a phone appends after the end of the image (a motion-photo video with its own metadata) goes too.
    const withTrailer = bytes(jpeg([]), 'ftypmp42 GPSLatitude 51.507N');
    expect(await uploadCover(withTrailer, 'MVIMG_0002.JPG')).toEqual(jpeg([]));
    for (const trace of ['Exif', 'GPSLatitude', 'Home Street', 'xmpmeta']) expect(contains(served, trace)).toBe(false);
  });

  it('strips eXIf and text chunks from a PNG, keeping every image chunk with its CRC', async () => {
    const photo = png([
      pngChunk('eXIf', gpsTiff()),
      pngChunk('tEXt', bytes('Comment\0Taken at 12 Home Street')),
      pngChunk('iTXt', bytes('XML:com.adobe.xmp\0\0\0\0\0', XMP)),
      pngChunk('zTXt', bytes('Author\0\0', [0x78, 0x9c, 0x03, 0, 0, 0, 0, 1])),
    ]);
    const served = await uploadCover(photo, 'screenshot.png');
    expect(served).toEqual(PNG_1PX);
  });

  it('strips EXIF and XMP chunks from a WebP, clears their VP8X flags and fixes the RIFF size', async () => {
    const ALPHA = 0x10;
    const photo = webp(ALPHA | 0x08 | 0x04, [riffChunk('EXIF', gpsTiff()), riffChunk('XMP ', bytes(XMP))]);
    const served = await uploadCover(photo, 'photo.webp');
    const expected = webp(ALPHA, []);
    expect(served).toEqual(expected);
    expect(new DataView(served.buffer, served.byteOffset).getUint32(4, true)).toBe(served.length - 8);
  });

  it('finds metadata between the scans of a progressive JPEG, past entropy data with stuffed 0xFF bytes', () => {
    const plain = jpeg([]);
    const head = plain.subarray(0, plain.length - 2); // up to the end of the first scan
    const secondScan = bytes(segment(0xda, bytes([1, 1, 0x00, 0, 63, 0])), [0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]);
    const exif = segment(0xe1, bytes('Exif\0\0', gpsTiff()));
    const photo = bytes(head, exif, secondScan, [0xff, 0xd9]);
    expect(stripImageMetadata(photo, 'image/jpeg')).toEqual(bytes(head, secondScan, [0xff, 0xd9]));
  });

  it('strips comments, XMP and trailing bytes from a GIF, keeping looping, the frame and its timing', async () => {
    const head = bytes('GIF89a', [1, 0, 1, 0, 0x80, 0, 0], [0xff, 0xff, 0xff, 0, 0, 0]);
    const looping = bytes([0x21, 0xff, 11], 'NETSCAPE2.0', [3, 1, 0, 0, 0]);
    const timing = bytes([0x21, 0xf9, 4, 1, 0, 0, 0, 0]);
    const frame = bytes([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0], [2, 2, 0x44, 1, 0]);
    const comment = bytes([0x21, 0xfe, 23], 'Taken at 12 Home Street', [0]);
    const xmpText = Buffer.from(XMP, 'latin1');
    const xmpBlocks = [...Array(Math.ceil(xmpText.length / 255)).keys()].flatMap((i) => {
      const part = xmpText.subarray(i * 255, i * 255 + 255);
      return [part.length, ...part];
    });
    const xmp = bytes([0x21, 0xff, 11], 'XMP DataXMP', xmpBlocks, [0]);
    const plain = bytes(head, looping, timing, frame, [0x3b]);
    const photo = bytes(head, looping, comment, xmp, timing, frame, [0x3b], 'GPSLatitude 51.507N');

    const served = await uploadCover(photo, 'animation.gif');
    expect(served).toEqual(plain);
    for (const trace of ['Home Street', 'xmpmeta', 'GPSLatitude']) expect(contains(served, trace)).toBe(false);
    const decoded = await sharp(Buffer.from(served)).metadata();
    expect([decoded.format, decoded.width, decoded.height, decoded.loop]).toEqual(['gif', 1, 1, 0]);
    // Already clean: the same bytes come back.
    expect(stripImageMetadata(plain, 'image/gif')).toBe(plain);
  });

  it('leaves images without metadata byte for byte as they were', async () => {
    expect(await uploadCover(jpeg([]), 'plain.jpg')).toEqual(jpeg([]));
    expect(await uploadCover(PNG_1PX, 'plain.png')).toEqual(PNG_1PX);
  });

  it('strips the profile photo too', async () => {
    const res = await call(t.app, 'PATCH', '/api/auth/profile/', {
      token: account.access,
      form: form({ profile_image: new File([jpeg([segment(0xe1, bytes('Exif\0\0', gpsTiff()))])], 'me.jpg') }),
    });
    expect(res.status).toBe(200);
    const served = await t.app.request(new URL(res.body.profile_image as string).pathname);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(jpeg([]));
  });
});

describe('media keep their own headers', () => {
  it("serves images with the media route's sandbox CSP, not the page policy", async () => {
    const created = await call(t.app, 'POST', '/api/events/create/', {
      token: account.access,
      form: form({ title: 'Sandboxed', cover_image: new File([PNG_1PX], 'a.png') }),
    });
    const served = await t.app.request(new URL(created.body.cover_image as string).pathname);
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    // The other global headers still arrive.
    expect(served.headers.get('x-frame-options')).toBe('DENY');
    // Pages keep the page policy.
    const page = await t.app.request('/api/health');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    // Media URLs are built from PUBLIC_URL, so a page reached under another name of this server may load them.
    expect(page.headers.get('content-security-policy')).toContain(`img-src 'self' ${t.config.publicUrl} data: blob:`);
  });
});
