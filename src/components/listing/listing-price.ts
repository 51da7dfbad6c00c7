/**
 * A price as a listing shows it: "Free" for 0, "£12" for a whole amount,
 * "£12.50" otherwise, "CHF 20" where the currency has no symbol in English —
 * from the decimal text the API returns and its ISO 4217 code. Pure: the
 * server-rendered page and the dashboard preview share it.
 */
const formats = new Map<string, Intl.NumberFormat>();

function format(currency: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: 2,
    });
    formats.set(key, found);
  }
  return found;
}

/** The price in words, or null when none is given (not shown). */
export function priceText(price: string | null, currency: string): string | null {
  if (price === null || price.trim() === '') return null;
  const amount = Number(price);
  if (!Number.isFinite(amount) || amount < 0) return null;
  if (amount === 0) return 'Free';
  try {
    return format(currency, Number.isInteger(amount) ? 0 : 2).format(amount);
  } catch {
    return `${price} ${currency}`;
  }
}
