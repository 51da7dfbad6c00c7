/**
 * The business listing form: title, bio, category and subcategory (native
 * selects from the contract's lists), keywords, location, weekly opening
 * blocks, recurring days with opening and closing times, cover image, and
 * the live preview. Writes go through the outbox.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { categories, subcategoriesOf, type CategoryValue } from '../../shared/contract/categories.ts';
import { ImagePicker } from '../../components/image-picker.tsx';
import { KeywordInput } from '../../components/keyword-input.tsx';
import { ListingPreviewCard } from '../../components/listing-preview-card.tsx';
import { LocationField } from '../../components/location-field.tsx';
import { ScheduleEditor } from '../../components/schedule-editor.tsx';
import { Field } from '../../components/ui/field.tsx';
import { COVER_ASPECT } from '../../lib/images.ts';
import { rememberSavedEvent } from '../../stores/my-events-store.ts';
import { targetId, type ShownEvent } from '../../stores/use-overlaid-events.ts';
import { WeeklyFields } from '../../components/forms/weekly-fields.tsx';
import { useListingHandover } from '../../stores/listing-handover-store.ts';
import { DraftBanner } from '../../components/forms/draft-banner.tsx';
import { pendingMessage, saveThroughOutbox } from '../../components/forms/save-result.ts';
import { SyncBadge } from '../../components/forms/sync-badge.tsx';
import { useDocumentTitle } from '../../components/forms/use-document-title.ts';
import { useListingForm } from '../../components/forms/use-listing-form.ts';
import { InsightsButton } from '../../components/insights/insights-button.tsx';
import { ShareActions } from '../../components/share/share-actions.tsx';
import {
  buildBusinessCreate,
  buildBusinessUpdate,
  businessFromRecord,
  businessProblem,
  emptyBusinessForm,
  withCategory,
  type BusinessFormValues,
} from './business-form.ts';

export const SAVE_BUSINESS_FAILED = 'Failed to save business.';

const useCreating = useListingHandover;
export const useCreatingListing = () => useCreating((s) => s.creating);

/** The message a create left for this listing. Pure: a render may run and be thrown away. */
function peekHandover(listing: ShownEvent | null): string | null {
  const handover = useCreating.getState().handover;
  return listing && handover && handover.id === targetId(listing.target) ? handover.message : null;
}

/** `requests`: the venue's Requests, shown first — they are what waits for the owner. */
export function BusinessForm({ listing, requests }: { listing: ShownEvent | null; requests?: ReactNode }) {
  useDocumentTitle(listing ? 'Your business' : 'Add Business', 'dashboard');
  const navigate = useNavigate();
  const form = useListingForm<BusinessFormValues>(
    listing ? `business:${listing.target}` : 'business:new',
    () => (listing ? businessFromRecord(listing.record) : emptyBusinessForm),
    businessProblem,
  );
  const { initial, values, draft, saving, setSaving, error, setError, problem } = form;
  const [cover, setCover] = useState<Blob | null>(null);
  const [status, setStatus] = useState<string | null>(() => peekHandover(listing));
  // Taken once the form is on screen (after commit), so an interrupted render cannot lose it.
  useEffect(() => {
    if (peekHandover(listing) !== null) useCreating.setState({ handover: null });
  }, [listing]);

  function change(next: Parameters<typeof form.change>[0]) {
    form.change(next);
    setStatus(null);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.beginSave()) return;
    const coverPart = cover ? { cover } : {};
    const target = listing ? (listing.target as `event:${string}`) : (`event:tmp-${crypto.randomUUID()}` as const);
    let outcome;
    if (listing) {
      const fields = buildBusinessUpdate(values, initial);
      const base = listing.server && listing.id !== null ? { baseVersion: listing.server.version } : {};
      outcome =
        Object.keys(fields).length === 0 && !cover
          ? ({ kind: 'saved', result: null } as const)
          : await saveThroughOutbox({ kind: 'event.update', target, fields, ...base, ...coverPart });
    } else {
      // Cleared once the page has moved to the new listing (or the save failed).
      useCreating.setState({ creating: true });
      outcome = await saveThroughOutbox({
        kind: 'event.create',
        target: target as `event:tmp-${string}`,
        ...buildBusinessCreate(values),
        ...coverPart,
      });
    }
    setSaving(false);
    if (outcome.kind === 'saved' || outcome.kind === 'pending') {
      if (outcome.kind === 'saved') rememberSavedEvent(outcome.result);
      void draft.clear();
      setCover(null);
      const message = outcome.kind === 'saved' ? 'Saved ✓' : pendingMessage(outcome.reason);
      setStatus(message);
      if (!listing) {
        const created = outcome.kind === 'saved' && outcome.result?.kind === 'event' ? outcome.result.event.id : null;
        const id = created ?? targetId(target);
        useCreating.setState({ handover: { id: String(id), message } });
        await navigate(`/dashboard/business/${id}`, { replace: true });
        useCreating.setState({ creating: false });
      }
      return;
    }
    useCreating.setState({ creating: false });
    const detail = outcome.kind === 'rejected' ? outcome.detail : null;
    setError(detail ? `${SAVE_BUSINESS_FAILED} ${detail}` : SAVE_BUSINESS_FAILED);
    // product §8 names this an alert; the in-page alert keeps the reason visible afterwards.
    window.alert(SAVE_BUSINESS_FAILED);
  }

  const subcategories = subcategoriesOf(values.event_type);
  return (
    <section className="dash-page" aria-labelledby="business-title">
      <div className="dash-page__head">
        <h1 id="business-title">{listing ? 'Your business' : 'Add Business'}</h1>
        <SyncBadge state={listing?.syncState ?? null} />
        {listing ? <ShareActions target={listing.target} title={listing.record.title} /> : null}
        {listing ? <InsightsButton target={listing.target} title={listing.record.title} /> : null}
      </div>
      {requests}
      <DraftBanner draftKey={form.draftKey} onRestore={form.restoreDraft} onDiscard={() => void draft.clear()} />
      <div className="business-layout">
        <form className="form dash-card" onSubmit={(e) => void onSubmit(e)} noValidate>
          <Field label="Title" error={problem}>
            {(c) => (
              <input {...c} type="text" value={values.title} onChange={(e) => change({ title: e.target.value })} />
            )}
          </Field>
          <Field label="Bio">
            {(c) => <textarea {...c} rows={4} value={values.bio} onChange={(e) => change({ bio: e.target.value })} />}
          </Field>
          <div className="field-grid">
            <Field label="Category">
              {(c) => (
                <select
                  {...c}
                  value={values.event_type}
                  onChange={(e) => {
                    change((old) => withCategory(old, e.target.value as CategoryValue));
                  }}
                >
                  {categories.map((category) => (
                    <option key={category.value} value={category.value}>
                      {category.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Subcategory">
              {(c) => (
                <select {...c} value={values.event_subtype} onChange={(e) => change({ event_subtype: e.target.value })}>
                  {subcategories.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <KeywordInput value={values.keywords} onChange={(keywords) => change({ keywords })} />
          <LocationField values={values} edit={change} />
          <WeeklyFields values={values} change={change} />
          <ScheduleEditor value={values.schedule_blocks} onChange={(schedule_blocks) => change({ schedule_blocks })} />
          <ImagePicker
            label="Cover image"
            currentUrl={listing?.record.cover_image ?? null}
            value={cover}
            aspect={COVER_ASPECT}
            onChange={(next) => {
              setStatus(null);
              setCover(next);
            }}
          />
          <p role="alert" className={error ? 'alert alert--error' : 'visually-hidden'}>
            {error ?? ''}
          </p>
          <div className="form__footer">
            <button type="submit" className="button button--primary" disabled={saving}>
              {saving ? 'Saving…' : 'Save'}
            </button>
            <p className="save-message" role="status">
              {status ?? ''}
            </p>
          </div>
        </form>
        <ListingPreviewCard
          preview={{
            title: values.title,
            bio: values.bio,
            category: values.event_type,
            subcategory: values.event_subtype,
            location: values.location_name,
            keywords: values.keywords,
            schedule: values.schedule_blocks,
            days: values.days,
            opening: values.recurring_start_time,
            closing: values.recurring_end_time,
            cover,
            coverUrl: listing?.record.cover_image ?? null,
          }}
        />
      </div>
    </section>
  );
}
