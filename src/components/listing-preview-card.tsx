/**
 * The dashboard's live preview of a business listing: the public page's own
 * view (./listing/listing-view.tsx) fed from the form as it changes, so what
 * the owner sees is what `/e/{id}/{slug}` will show.
 */
import { categoryLabel } from '../shared/contract/categories.ts';
import type { ScheduleBlocks } from './schedule-editor.tsx';
import { hoursLines } from './listing/listing-hours.ts';
import { LISTING_CSS, LISTING_STYLE_ID } from './listing/listing-styles.ts';
import { ListingView } from './listing/listing-view.tsx';
import type { RecurringDays } from './weekdays.ts';
import { useObjectUrl } from './use-object-url.ts';

export { hoursLines };

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

export function ListingPreviewCard({ preview }: { preview: ListingPreview }) {
  const blobUrl = useObjectUrl(preview.cover);
  return (
    <section className="preview" aria-label="Listing preview">
      {/* React hoists this into <head> once, however many previews render. */}
      <style href={LISTING_STYLE_ID} precedence="default">
        {LISTING_CSS}
      </style>
      <p className="preview__caption" aria-hidden="true">
        Preview in the app
      </p>
      <ListingView
        placeholderTitle="Your business name"
        listing={{
          kind: 'business',
          title: preview.title,
          when: null,
          hours: hoursLines(preview),
          place: preview.location,
          maps: null,
          category: preview.category ? categoryLabel(preview.category) : null,
          subcategory: preview.subcategory || null,
          keywords: preview.keywords,
          description: preview.bio,
          coverUrl: blobUrl ?? preview.coverUrl,
          sponsored: false,
        }}
      />
    </section>
  );
}
