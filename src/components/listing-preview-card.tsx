/**
 * A live preview of a business listing as the app shows it: cover, Business
 * badge, title, category, place, this week's hours and keywords. Purely
 * presentational; it updates as the form changes.
 */
import { categoryLabel } from '../shared/contract/categories.ts';
import type { ScheduleBlocks } from './schedule-editor.tsx';
import { WEEKDAYS, WEEKDAY_SHORT, type RecurringDays } from './weekdays.ts';
import { useObjectUrl } from './use-object-url.ts';

export interface ListingPreview {
  title: string;
  bio: string;
  category: string;
  subcategory: string;
  location: string;
  keywords: readonly string[];
  schedule: ScheduleBlocks;
  days: RecurringDays;
  opening: string;
  closing: string;
  cover: Blob | null;
  coverUrl: string | null;
}

/** "Mon 09:00–12:00, 13:00–17:00" lines, or the weekly days and times when no blocks are set. */
export function hoursLines(preview: Pick<ListingPreview, 'schedule' | 'days' | 'opening' | 'closing'>): string[] {
  // Consecutive days with the same hours share a line: "Mon–Thu 08:00–18:00".
  const lines: string[] = [];
  let run: { first: string; last: string; hours: string } | null = null;
  const flush = () => {
    if (run) lines.push(`${run.first === run.last ? run.first : `${run.first}–${run.last}`} ${run.hours}`);
    run = null;
  };
  for (const day of WEEKDAYS) {
    const blocks = preview.schedule[day] ?? [];
    const hours = blocks.map((b) => `${b.start}–${b.end}`).join(', ');
    if (!hours) flush();
    else if (run && run.hours === hours) run.last = WEEKDAY_SHORT[day];
    else {
      flush();
      run = { first: WEEKDAY_SHORT[day], last: WEEKDAY_SHORT[day], hours };
    }
  }
  flush();
  if (lines.length > 0) return lines;
  const days = WEEKDAYS.filter((day) => preview.days[day]).map((day) => WEEKDAY_SHORT[day]);
  if (days.length === 0) return [];
  const hours = preview.opening && preview.closing ? ` ${preview.opening}–${preview.closing}` : '';
  return [`${days.join(', ')}${hours}`];
}

export function ListingPreviewCard({ preview }: { preview: ListingPreview }) {
  const blobUrl = useObjectUrl(preview.cover);
  const cover = blobUrl ?? preview.coverUrl;
  const hours = hoursLines(preview);
  return (
    <section className="preview" aria-label="Listing preview">
      <p className="preview__caption" aria-hidden="true">
        Preview in the app
      </p>
      <div className="preview-card">
        <div className="preview-card__cover">
          {cover ? <img src={cover} alt="" /> : <span aria-hidden="true">✦</span>}
          <span className="badge badge--business preview-card__badge">Business</span>
        </div>
        <div className="preview-card__body">
          <p className="preview-card__title">{preview.title.trim() || 'Your business name'}</p>
          <p className="preview-card__meta">
            {categoryLabel(preview.category)}
            {preview.subcategory ? ` · ${preview.subcategory}` : ''}
          </p>
          {preview.location ? <p className="preview-card__meta">{preview.location}</p> : null}
          {hours.length > 0 ? (
            <ul className="preview-card__hours">
              {hours.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
          {preview.bio.trim() ? <p className="preview-card__bio">{preview.bio.trim()}</p> : null}
          {preview.keywords.length > 0 ? (
            <ul className="preview-card__tags">
              {preview.keywords.map((keyword) => (
                <li key={keyword}>#{keyword}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </section>
  );
}
