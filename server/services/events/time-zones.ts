/**
 * The IANA time zone of a place, from its coordinates (contract §11: an event's
 * times are wall-clock times where it happens). @photostructure/tz-lookup holds
 * the timezone-boundary-builder polygons, simplified: exact inside countries,
 * approximate within a few kilometres of a border, and an `Etc/GMT±n` zone at sea.
 */
import tzLookup from '@photostructure/tz-lookup';

/** The zone at latitude/longitude, or null when either is missing or the lookup has none. */
export function timeZoneAt(latitude: number | null | undefined, longitude: number | null | undefined): string | null {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  try {
    const zone = tzLookup(latitude, longitude);
    return typeof zone === 'string' && zone.length <= 64 ? zone : null;
  } catch {
    return null;
  }
}
