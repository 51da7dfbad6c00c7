/**
 * Google's Event rich result, as documented for structured data (required:
 * name, startDate, location — a Place with an address, or a VirtualLocation;
 * recommended: description, endDate, eventStatus, eventAttendanceMode, image,
 * offers with availability, price, priceCurrency and url, organizer with name
 * and url, performer). The Adobe validator checks the nested Offer, Person,
 * Organization and ListItem shapes but has no Event rules of its own, so the
 * Event's are here, applied to what the extractor read from the page.
 */
import Validator, { type ValidationIssue } from '@adobe/structured-data-validator';
import WebAutoExtractor from '@marbec/web-auto-extractor';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- extracted JSON-LD, checked field by field
type Json = Record<string, any>;

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?[+-]\d{2}:\d{2}$/;
const STATUSES = ['EventScheduled', 'EventCancelled', 'EventMovedOnline', 'EventPostponed', 'EventRescheduled'];
const MODES = ['OfflineEventAttendanceMode', 'OnlineEventAttendanceMode', 'MixedEventAttendanceMode'];
const AVAILABILITY = ['InStock', 'SoldOut', 'PreOrder', 'LimitedAvailability', 'OnlineOnly', 'InStoreOnly'];

/** Errors (required properties) and warnings (recommended ones missing or malformed) of one Event. */
export function eventRichResultIssues(data: Json): { errors: string[]; warnings: string[] } {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (typeof data.name !== 'string' || !data.name.trim()) errors.push('name');
  if (!ISO_WITH_OFFSET.test(data.startDate ?? '') && !/^\d{4}-\d{2}-\d{2}$/.test(data.startDate ?? ''))
    errors.push('startDate');
  const location = data.location ?? {};
  if (location['@type'] !== 'Place' || !location.name) errors.push('location');
  const address = location.address ?? {};
  if (
    typeof address !== 'string' &&
    (address['@type'] !== 'PostalAddress' || !(address.streetAddress || address.addressLocality))
  )
    errors.push('location.address');

  if (!ISO_WITH_OFFSET.test(data.startDate ?? '')) warnings.push('startDate has no time and offset');
  if (data.endDate !== undefined && !/^\d{4}-\d{2}-\d{2}(T.*[+-]\d{2}:\d{2})?$/.test(data.endDate))
    errors.push('endDate');
  if (typeof data.description !== 'string' || !data.description) warnings.push('description');
  if (!STATUSES.map((s) => `https://schema.org/${s}`).includes(data.eventStatus)) warnings.push('eventStatus');
  if (!MODES.map((s) => `https://schema.org/${s}`).includes(data.eventAttendanceMode))
    warnings.push('eventAttendanceMode');
  const images = Array.isArray(data.image) ? data.image : [data.image];
  if (!images.length || !images.every((url: unknown) => typeof url === 'string' && /^https?:\/\//.test(url)))
    warnings.push('image');
  if (location.geo?.['@type'] !== 'GeoCoordinates' || typeof location.geo.latitude !== 'number')
    warnings.push('location.geo');
  if (!['Organization', 'Person'].includes(data.organizer?.['@type']) || !data.organizer?.name)
    warnings.push('organizer');
  const offers = Array.isArray(data.offers) ? data.offers : data.offers ? [data.offers] : [];
  if (!offers.length) warnings.push('offers');
  for (const offer of offers) {
    if (offer['@type'] !== 'Offer') errors.push('offers.@type');
    if (offer.price !== undefined && !/^\d+(\.\d+)?$/.test(String(offer.price))) errors.push('offers.price');
    if (offer.price === undefined) warnings.push('offers.price');
    if (!/^[A-Z]{3}$/.test(offer.priceCurrency ?? '')) warnings.push('offers.priceCurrency');
    if (!AVAILABILITY.map((s) => `https://schema.org/${s}`).includes(offer.availability))
      warnings.push('offers.availability');
    if (typeof offer.url !== 'string' || !/^https:\/\//.test(offer.url)) warnings.push('offers.url');
  }
  return { errors, warnings };
}

/** What the extractor reads from a page's HTML, and the validator's issues with it. */
export async function validatePage(
  html: string,
): Promise<{ jsonld: Record<string, Json[]>; issues: ValidationIssue[] }> {
  const extracted = new WebAutoExtractor({ addLocation: true, embedSource: ['rdfa', 'microdata'] }).parse(html);
  const issues = await new Validator().validate(extracted);
  return { jsonld: extracted.jsonld as Record<string, Json[]>, issues };
}
