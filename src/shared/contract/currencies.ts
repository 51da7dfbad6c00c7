/**
 * Currencies a price may be in: the ISO 4217 codes of money in circulation
 * (withdrawn codes such as HRK and ZWL, and units that are not cash such as
 * XDR, left out). A fixed list rather than `Intl.supportedValuesOf`, whose
 * answer depends on the ICU a browser or Node ships with, so client and
 * server always agree.
 */
import * as v from 'valibot';

/** ISO 4217 codes in alphabetical order (a table, so kept compact). */
// prettier-ignore
export const currencyCodes = [
  'AED', 'AFN', 'ALL', 'AMD', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN', 'BHD', 'BIF', 'BMD',
  'BND', 'BOB', 'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHF', 'CLP', 'CNY', 'COP', 'CRC', 'CUP',
  'CVE', 'CZK', 'DJF', 'DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR', 'FJD', 'FKP', 'GBP', 'GEL', 'GHS', 'GIP',
  'GMD', 'GNF', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR', 'ILS', 'INR', 'IQD', 'IRR', 'ISK', 'JMD', 'JOD',
  'JPY', 'KES', 'KGS', 'KHR', 'KMF', 'KPW', 'KRW', 'KWD', 'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'LYD',
  'MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR', 'MVR', 'MWK', 'MXN', 'MYR', 'MZN', 'NAD', 'NGN',
  'NIO', 'NOK', 'NPR', 'NZD', 'OMR', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'PYG', 'QAR', 'RON', 'RSD', 'RUB',
  'RWF', 'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLE', 'SOS', 'SRD', 'SSP', 'STN', 'SVC', 'SYP', 'SZL',
  'THB', 'TJS', 'TMT', 'TND', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH', 'UGX', 'USD', 'UYU', 'UZS', 'VES', 'VND',
  'VUV', 'WST', 'XAF', 'XCD', 'XCG', 'XOF', 'XPF', 'YER', 'ZAR', 'ZMW', 'ZWG',
] as const;

/** An ISO 4217 currency code. */
export type CurrencyCode = (typeof currencyCodes)[number];

/** The currency a price is in when none is given. */
export const DEFAULT_CURRENCY: CurrencyCode = 'GBP';

const known: ReadonlySet<string> = new Set(currencyCodes);

/** True for a code of the list above (upper case). */
export function isCurrencyCode(value: string): value is CurrencyCode {
  return known.has(value);
}

/** A currency code as typed or sent: trimmed, upper-cased, one of the list. */
export const CurrencyInputSchema = v.pipe(
  v.string('Choose a currency.'),
  v.trim(),
  v.toUpperCase(),
  v.check(isCurrencyCode, 'Choose a currency from the list (an ISO 4217 code such as GBP or EUR).'),
);

/**
 * A price as people read it: "Free" for 0, "£12" or "£12.50" (decimals only
 * when the price has them), null when there is no price to show. The same
 * words in the editor's preview and on the public page.
 */
export function formatPrice(price: string | null | undefined, currency: string | null | undefined): string | null {
  const text = price?.trim();
  if (!text || !/^\d+(\.\d+)?$/.test(text)) return null;
  const amount = Number(text);
  if (amount === 0) return 'Free';
  const code = currency && isCurrencyCode(currency) ? currency : DEFAULT_CURRENCY;
  const decimals = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: code,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(amount);
}
