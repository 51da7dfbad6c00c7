/**
 * The reader's locale for a server-rendered page, from `Accept-Language`
 * (the browser's own list), so the public page writes dates as the dashboard
 * and the poster do in that browser (src/components/listing/listing-time.ts).
 * The first language Node's Intl can format wins; none → the fallback. Pages
 * that use it answer with `Vary: Accept-Language`.
 */
import { FALLBACK_LOCALE } from '../../src/components/listing/listing-time.ts';

/** Only so many tags are looked at: the header is the caller's to make as long as they like. */
const MAX_TAGS = 8;

export function requestLocale(acceptLanguage: string | undefined): string {
  if (!acceptLanguage) return FALLBACK_LOCALE;
  const tags = acceptLanguage
    .slice(0, 500)
    .split(',', MAX_TAGS)
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter(({ tag, q }) => /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) && q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf(tag);
      // Language and region only: extensions (-u-ca-…, -u-nu-…) would let a header pick
      // calendars and digits, and make every request a new locale to keep formatters for.
      if (supported) {
        const { language, region } = new Intl.Locale(supported);
        return region ? `${language}-${region}` : language;
      }
    } catch {
      // A tag Intl refuses is skipped like an unknown one.
    }
  }
  return FALLBACK_LOCALE;
}
