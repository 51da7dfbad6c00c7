/**
 * The editor's "Publish at" value: a `datetime-local` text in this device's
 * time (what a promoter means by "Friday 18:00"), sent as the instant it names
 * (ISO 8601 in UTC, which the contract's offset form allows) and read back from
 * the server's UTC instant.
 */

/** `YYYY-MM-DDTHH:MM` on this device → ISO instant; '' stays ''. */
export function publishAtToInstant(local: string): string {
  if (!local) return '';
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? local : at.toISOString();
}

/** A server instant → `YYYY-MM-DDTHH:MM` on this device, for the field; null → ''. */
export function publishAtToLocal(instant: string | null | undefined): string {
  if (!instant) return '';
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** "Sat 5 Dec, 18:00" in the reader's words, for the card's Scheduled badge. */
export function scheduledWhen(instant: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(instant));
}
