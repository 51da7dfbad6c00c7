import { describe, expect, it } from 'vitest';
import { listingJsonLd, postalAddress } from '../../server/pages/listing-json-ld.ts';
import { eventRecord } from '../support/event-record.ts';

const context = {
  url: 'https://roamly.example/e/12/rooftop',
  images: ['https://roamly.example/cover.jpg'],
  timeZone: 'Europe/London',
  organizer: { name: 'sam', type: 'Person' as const, url: null },
  now: new Date('2026-05-01T12:00:00Z'),
};

describe('JSON-LD PostalAddress', () => {
  it('says the street address, locality, postcode and country a listing keeps', () => {
    const record = eventRecord({
      location_name: 'Peckham Levels, Rye Lane',
      street_address: '133 Rye Lane',
      postal_code: 'SE15 4ST',
      locality: 'London',
      country_code: 'GB',
    });
    const data = listingJsonLd(record, context) as { location: { name: string; address: unknown } };
    expect(data.location.name).toBe('Peckham Levels, Rye Lane');
    expect(data.location.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '133 Rye Lane',
      addressLocality: 'London',
      postalCode: 'SE15 4ST',
      addressCountry: 'GB',
    });
  });

  it('never uses a district or town as the street address', () => {
    const address = postalAddress({ location_name: 'Peckham, England, GB', locality: 'Peckham', country_code: 'GB' });
    expect(address).toEqual({ '@type': 'PostalAddress', addressLocality: 'Peckham', addressCountry: 'GB' });
    // A listing saved before it had address parts: its place text is the locality, not the street.
    expect(postalAddress({ location_name: 'Shoreditch, London, England, GB' })).toEqual({
      '@type': 'PostalAddress',
      addressLocality: 'Shoreditch',
      addressCountry: 'GB',
    });
  });

  it("takes a venue's own address for an event at an approved venue, and the business listing its own", () => {
    const data = listingJsonLd(eventRecord({ street_address: '1 Other St' }), {
      ...context,
      venue: {
        name: 'The Harbour',
        url: 'https://roamly.example/e/5/the-harbour',
        address: 'Peckham, England, GB',
        latitude: 51.47,
        longitude: -0.07,
        street_address: '133 Rye Lane',
        postal_code: 'SE15 4ST',
        locality: 'London',
        country_code: 'GB',
      },
    }) as { location: { address: unknown } };
    expect(data.location.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '133 Rye Lane',
      addressLocality: 'London',
      postalCode: 'SE15 4ST',
      addressCountry: 'GB',
    });
    const business = listingJsonLd(
      eventRecord({ is_listing: true, is_recurring: true, street_address: '2 Bar Rd', locality: 'Leeds' }),
      context,
    ) as { address: unknown };
    expect(business.address).toEqual({ '@type': 'PostalAddress', streetAddress: '2 Bar Rd', addressLocality: 'Leeds' });
  });
});
