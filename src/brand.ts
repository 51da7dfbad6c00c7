/**
 * The one place that names the product. A rebrand edits this file only:
 * the route of the download page, every visible product name, the contact
 * details and the manifest all read from here (contract §6).
 */
export const brand = {
  name: 'Roamly',
  /** Route of the download page: `/${slug}`. */
  slug: 'roamly',
  tagline: 'Find what your city is doing tonight',
  description:
    'Roamly is a city-discovery app for events, venues, promoters and communities, with a dashboard where businesses and promoters manage their listings.',
  supportEmail: 'support@example.com',
  /** A number in the UK's reserved drama range (07700 900000–900999), never a real line. */
  messagingNumber: '+44 7700 900123',
  messagingApp: 'WhatsApp',
  replyWithinHours: 24,
  betaVersion: '0.9.4 (beta)',
  themeColor: '#16142b',
  backgroundColor: '#fbf7f1',
  siteUrl: 'https://roamly.example.com',
  /**
   * Events store wall-clock dates and times (product §3 has no time zone field);
   * public pages and their schema.org data read them in this zone.
   */
  timeZone: 'Europe/London',
} as const;

export type Brand = typeof brand;
