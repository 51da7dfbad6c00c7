/**
 * The event editor's live preview: what a visitor will read on the public
 * page, from the form as it changes — when (a date, or "Every Fri & Sat ·
 * 21:00–23:30" for a weekly series), place, price ("Free", "£12"), the
 * ticket link, the description, category and keywords. The ticket button is
 * not a link here, so a tap cannot leave the half-filled form.
 */
import { categoryLabel } from '../../shared/contract/categories.ts';
import { formatPrice } from '../../shared/contract/currencies.ts';
import { weeklySeriesText } from '../../shared/calendar/weekly-series.ts';
import { useObjectUrl } from '../../components/use-object-url.ts';
import type { EventFormValues } from './event-form.ts';
import { describeWhen } from './event-when.ts';

interface EventPreviewProps {
  values: EventFormValues;
  cover: Blob | null;
  coverUrl: string | null;
}

export function EventPreview({ values, cover, coverUrl }: EventPreviewProps) {
  const blobUrl = useObjectUrl(cover);
  const image = blobUrl ?? coverUrl;
  const when = values.is_recurring
    ? weeklySeriesText({
        ...values.days,
        recurring_start_time: values.recurring_start_time || null,
        recurring_end_time: values.recurring_end_time || null,
      })
    : describeWhen({
        start_date: values.start_date || null,
        start_time: values.start_time || null,
        end_date: values.end_date || null,
        end_time: values.end_time || null,
      });
  const price = formatPrice(values.price, values.currency);
  const category = [values.event_type ? categoryLabel(values.event_type) : null, values.event_subtype || null]
    .filter(Boolean)
    .join(' · ');
  const description = values.bio.trim();
  return (
    <section className="event-preview" aria-label="Event preview">
      <p className="event-preview__caption">Preview</p>
      <div className="event-preview__card">
        {image ? <img className="event-preview__cover" src={image} alt="" /> : null}
        <div className="event-preview__body">
          {values.status === 'draft' ? <span className="badge">Draft</span> : null}
          <p className="event-preview__title">{values.title.trim() || 'Your event title'}</p>
          {when ? <p className="event-preview__meta">{when}</p> : null}
          {values.location_name ? <p className="event-preview__meta">{values.location_name}</p> : null}
          {price || values.ticket_url.trim() ? (
            <p className="event-preview__tickets">
              {price ? <span className="event-preview__price">{price}</span> : null}
              {values.ticket_url.trim() ? <span className="event-preview__button">Get tickets</span> : null}
            </p>
          ) : null}
          {description ? <p className="event-preview__description">{description}</p> : null}
          {category ? <p className="event-preview__meta">{category}</p> : null}
          {values.keywords.length > 0 ? (
            <p className="event-preview__meta">{values.keywords.map((k) => `#${k}`).join(' ')}</p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
