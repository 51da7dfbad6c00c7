/**
 * How a gazetteer name is compared and shown: the same folding is applied
 * when the table is loaded and when a search comes in, so both sides agree.
 */
import { regionName } from './admin-names.ts';

/** Lowercase, accents removed: "Zürich" and "zurich" find each other. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** "London, England, GB" where the region is known, else "Zürich, CH". */
export function describeCity(city: { name: string; country: string; adminCode: string }): string {
  const region = regionName(city.country, city.adminCode);
  return region && region !== city.name ? `${city.name}, ${region}, ${city.country}` : `${city.name}, ${city.country}`;
}
