/**
 * A link that opens a place in a maps app from its coordinates, with no map
 * tiles on our page: phones hand this https address to their maps app
 * (a `geo:` URI would do nothing on iOS or a desktop).
 */

export interface MapsLinks {
  web: string;
}

export function mapsLinks(latitude: number | null, longitude: number | null): MapsLinks | null {
  if (latitude === null || longitude === null) return null;
  return { web: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${latitude},${longitude}`)}` };
}
