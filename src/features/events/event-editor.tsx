/**
 * The event editor modal (product §4, §5, §7), new or edit: title, location via
 * places search, dates and times (or, for a weekly event, days plus opening
 * and closing times), the sponsored flag, a cover image, and the listing
 * fields (description, category, keywords, ticket link, price), the Venue
 * (a business listing near the place, asked to approve the event), with a live
 * preview. **Save draft** keeps an event to its owner; **Publish** makes it
 * public; an existing event keeps **Save**. Saving stores the write in the
 * outbox and closes the modal at once, online or offline (the card shows it
 * pending); what the server refuses comes back on the card as "needs
 * attention", and opening the change shows each message next to its field
 * (the first one focused, so it is in view) — never a browser alert.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { categories, subcategoriesOf } from '../../shared/contract/categories.ts';
import { currencyCodes } from '../../shared/contract/currencies.ts';
import { MAX_STATUS_NOTE_LENGTH } from '../../shared/contract/event.ts';
import { nextWeeklyDates } from '../../shared/calendar/weekly-series.ts';
import { eventTimeZone } from '../../components/listing/event-zone.ts';
import { formatDay } from '../../components/listing/listing-time.ts';
import { KeywordInput } from '../../components/keyword-input.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ImagePicker } from '../../components/image-picker.tsx';
import { LocationField, venuePatch } from '../../components/location-field.tsx';
import { VenueSearch } from '../../components/venue-search.tsx';
import { WeeklyFields } from '../../components/forms/weekly-fields.tsx';
import { COVER_ASPECT } from '../../lib/images.ts';
import { findVenues } from '../../lib/places.ts';
import { useBusinessListing, type ShownEvent } from '../../stores/use-overlaid-events.ts';
import { DraftBanner } from '../../components/forms/draft-banner.tsx';
import { ModalFormFooter } from '../../components/forms/modal-form-footer.tsx';
import { queueThroughOutbox } from '../../components/forms/save-result.ts';
import type { WriteIntent } from '../../shared/outbox/intent.ts';
import { useListingForm } from '../../components/forms/use-listing-form.ts';
import { EventPreview } from './event-preview.tsx';
import { LastChanged } from './last-changed.tsx';
import { forgetRefusedFields, refusedFieldsOf, rememberRefusedFields } from './refused-fields.ts';
import {
  buildCreate,
  buildUpdate,
  emptyEventForm,
  formFieldErrors,
  formFromRecord,
  formProblem,
  type EventFormValues,
} from './event-form.ts';

export const SAVE_EVENT_FAILED = 'Failed to save event.';

export interface EditorRequest {
  /** null: a new event. */
  event: ShownEvent | null;
  /** Starting values for a new event (duplicate, shared image). */
  preset?: Partial<EventFormValues>;
  cover?: Blob | null;
}

interface EventEditorProps {
  request: EditorRequest | null;
  onClose: () => void;
}

export function EventEditor({ request, onClose }: EventEditorProps) {
  const label = request?.event ? 'Edit event' : 'New event';
  return (
    <Dialog open={request !== null} onClose={onClose} label={label} className="form-modal" backdropCloses={false}>
      {request ? <EditorForm request={request} label={label} onDone={onClose} /> : null}
    </Dialog>
  );
}

function EditorForm({ request, label, onDone }: { request: EditorRequest; label: string; onDone: () => void }) {
  const editing = request.event;
  const form = useListingForm<EventFormValues>(
    editing ? `event:${editing.target}` : 'event:new',
    () => (editing ? formFromRecord(editing.record) : { ...emptyEventForm, ...request.preset }),
    formProblem,
  );
  const { initial, values, change, draft, saving, setSaving, error, setError, problem } = form;
  const [cover, setCover] = useState<Blob | null>(request.cover ?? null);
  const [newTarget] = useState(() => `event:tmp-${crypto.randomUUID()}` as const);
  // A change the server refused opens with its messages beside their fields.
  const [fieldErrors, setFieldErrors] = useState<Readonly<Record<string, readonly string[]>>>(() =>
    editing ? refusedFieldsOf(editing.target) : {},
  );
  const [errorsShown, setErrorsShown] = useState(() => (Object.keys(fieldErrors).length > 0 ? 1 : 0));
  const formRef = useRef<HTMLFormElement>(null);
  const isDraft = initial.status === 'draft';
  // A business's own listing is not a venue to ask (the server refuses it too).
  const ownListingId = useBusinessListing()?.id ?? null;

  // After a refused save, the first field with a message gets focus, which scrolls it into view.
  // A refused change opened again: after the dialog's own first focus, which happens once it opens.
  useEffect(() => {
    if (errorsShown === 0) return;
    const timer = setTimeout(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (!invalid) return;
      invalid.focus();
      // Focus scrolls the control in; centring brings its message (below it) clear of the sticky footer too.
      const field = invalid.closest('.field');
      if (field && 'scrollIntoView' in field) field.scrollIntoView({ block: 'center' });
    });
    return () => clearTimeout(timer);
  }, [errorsShown]);

  function edit(next: Partial<EventFormValues>) {
    setFieldErrors({});
    change(next);
  }

  function showFieldErrors(errors: Readonly<Record<string, readonly string[]>>) {
    setFieldErrors(errors);
    setErrorsShown((n) => n + 1);
  }

  /**
   * Saves the form with `next` applied: a status (Publish, Save draft, Cancel event…) or sold out.
   * The dialog closes once the write is stored in the outbox, online or not: the card shows it
   * pending, then the server's answer (a refusal as "needs attention", which opens here again).
   */
  async function submit(next: Partial<EventFormValues>) {
    const toSave = { ...values, ...next };
    const errors = formFieldErrors(toSave);
    if (Object.keys(errors).length > 0 && values.title.trim() !== '') {
      showFieldErrors(errors);
      return;
    }
    if (!form.beginSave()) return;
    const outcome = await save(toSave);
    setSaving(false);
    if (outcome.kind === 'done') {
      void draft.clear();
      onDone();
      return;
    }
    setError(SAVE_EVENT_FAILED);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The submit button is Publish, or Save on a published event, which keeps its status
    // (a cancelled or postponed event stays so until its own buttons change it).
    // A draft with a publishing time is scheduled: it stays a draft until the server publishes it.
    if ((!editing || isDraft) && values.publish_at) void submit({ status: 'draft' });
    else void submit({ status: editing && !isDraft ? values.status : 'published' });
  }

  /** 'done' once the write is durable in the outbox; 'failed' when this device could not store it. */
  async function save(toSave: EventFormValues): Promise<{ kind: 'done' | 'failed' }> {
    const coverPart = cover ? { cover } : {};
    const queue = async (intent: WriteIntent) => {
      forgetRefusedFields(intent.target);
      const queued = await queueThroughOutbox(intent);
      if (queued.kind === 'failed') return { kind: 'failed' } as const;
      // The server's field messages wait for the change to be opened again; the card says it needs attention.
      void queued.firstAttempt.then((first) => {
        if (first.kind === 'rejected' && first.errors) rememberRefusedFields(intent.target, first.errors);
      });
      return { kind: 'done' } as const;
    };
    if (!editing) return queue({ kind: 'event.create', target: newTarget, ...buildCreate(toSave), ...coverPart });
    const fields = buildUpdate(toSave, initial);
    if (Object.keys(fields).length === 0 && !cover) return { kind: 'done' };
    const base = editing.server && editing.id !== null ? { baseVersion: editing.server.version } : {};
    return queue({
      kind: 'event.update',
      target: editing.target as `event:${string}`,
      fields,
      ...base,
      ...coverPart,
    });
  }

  const errorOf = (field: string) => fieldErrors[field]?.[0] ?? null;
  const subcategories = subcategoriesOf(values.event_type);
  const anyFieldError = Object.keys(fieldErrors).length > 0;

  return (
    <form ref={formRef} className="form-modal__form" onSubmit={onSubmit} noValidate>
      <div className="form-modal__head">
        <h2>{label}</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onDone}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="form-modal__body">
        <DraftBanner draftKey={form.draftKey} onRestore={form.restoreDraft} onDiscard={() => void draft.clear()} />
        {editing ? <LastChanged record={editing.record} /> : null}
        <Field label="Title" error={problem && values.title.trim() === '' ? problem : errorOf('title')}>
          {(control) => (
            <input
              {...control}
              type="text"
              data-autofocus
              value={values.title}
              onChange={(event) => edit({ title: event.target.value })}
            />
          )}
        </Field>
        <Field label="Description" error={errorOf('bio')}>
          {(control) => (
            <textarea
              {...control}
              rows={4}
              value={values.bio}
              onChange={(event) => edit({ bio: event.target.value })}
            />
          )}
        </Field>
        <div className="field-grid">
          <Field label="Category" error={errorOf('event_type')}>
            {(control) => (
              <select
                {...control}
                value={values.event_type}
                onChange={(event) => {
                  const event_type = event.target.value;
                  // A subcategory belongs to its category: keep it only when it still does.
                  const keep = subcategoriesOf(event_type).includes(values.event_subtype);
                  edit({ event_type, event_subtype: keep ? values.event_subtype : '' });
                }}
              >
                <option value="">No category</option>
                {categories.map((category) => (
                  <option key={category.value} value={category.value}>
                    {category.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Subcategory" error={errorOf('event_subtype')}>
            {(control) => (
              <select
                {...control}
                value={values.event_subtype}
                disabled={subcategories.length === 0}
                onChange={(event) => edit({ event_subtype: event.target.value })}
              >
                <option value="">{subcategories.length ? 'No subcategory' : 'Choose a category first'}</option>
                {subcategories.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <KeywordInput value={values.keywords} onChange={(keywords) => edit({ keywords })} />
        {errorOf('keywords') ? <p className="field__error">{errorOf('keywords')}</p> : null}
        <LocationField values={values} edit={edit} />
        <VenueSearch
          venue={values.venue_id !== null ? { id: values.venue_id, title: values.venue_title } : null}
          near={
            values.latitude !== null && values.longitude !== null
              ? { lat: values.latitude, lng: values.longitude }
              : null
          }
          excludeId={ownListingId}
          onChange={(venue, chosen) =>
            // A venue picked from the list is also the event's place: its address and pin.
            edit({
              venue_id: venue?.id ?? null,
              venue_title: venue?.title ?? '',
              ...(chosen ? venuePatch(chosen) : {}),
            })
          }
          search={findVenues}
          error={errorOf('venue_id')}
        />
        <label className="check">
          <input
            type="checkbox"
            checked={values.is_recurring}
            onChange={(event) => edit({ is_recurring: event.target.checked })}
          />
          <span>Repeats every week</span>
        </label>
        {values.is_recurring ? (
          <WeeklyFields values={values} change={edit} />
        ) : (
          <DateFields values={values} change={edit} errorOf={errorOf} />
        )}
        <Field
          label="Ticket link"
          hint="Where people buy tickets: a full https:// address."
          error={errorOf('ticket_url')}
        >
          {(control) => (
            <input
              {...control}
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://"
              value={values.ticket_url}
              onChange={(event) => edit({ ticket_url: event.target.value })}
            />
          )}
        </Field>
        <div className="field-grid">
          <Field label="Price" hint="0 for free; leave empty to show no price." error={errorOf('price')}>
            {(control) => (
              <input
                {...control}
                type="text"
                inputMode="decimal"
                value={values.price}
                onChange={(event) => edit({ price: event.target.value })}
              />
            )}
          </Field>
          <Field label="Currency" error={errorOf('currency')}>
            {(control) => (
              <select {...control} value={values.currency} onChange={(event) => edit({ currency: event.target.value })}>
                {currencyCodes.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <label className="check">
          <input
            type="checkbox"
            checked={values.is_sponsored}
            onChange={(event) => edit({ is_sponsored: event.target.checked })}
          />
          <span>Sponsored</span>
        </label>
        <ImagePicker
          label="Cover image"
          currentUrl={editing?.record.cover_image ?? null}
          value={cover}
          aspect={COVER_ASPECT}
          onChange={setCover}
        />
        {!editing || isDraft ? (
          <Field
            label="Publish at"
            hint="Leave empty to publish when you press Publish. With a time, the event stays a draft and goes public by itself then, even with your phone off."
            error={errorOf('publish_at')}
          >
            {(control) => (
              <input
                {...control}
                type="datetime-local"
                value={values.publish_at}
                onChange={(event) => edit({ publish_at: event.target.value })}
              />
            )}
          </Field>
        ) : null}
        {editing && !isDraft && !editing.record.is_listing ? (
          <AfterPublishing
            values={values}
            timeZone={eventTimeZone(editing.record)}
            busy={saving}
            errorOf={errorOf}
            onChange={edit}
            onSave={submit}
          />
        ) : null}
        <EventPreview values={values} cover={cover} coverUrl={editing?.record.cover_image ?? null} />
        {problem && values.title.trim() !== '' && !anyFieldError ? <p className="field__error">{problem}</p> : null}
      </div>
      <ModalFormFooter
        error={error}
        onCancel={onDone}
        busy={saving}
        submitLabel={saving ? 'Saving…' : editing && !isDraft ? 'Save' : values.publish_at ? 'Schedule' : 'Publish'}
        secondary={
          <button
            type="button"
            className="button button--quiet"
            disabled={saving}
            onClick={() => {
              // A public event's shared links, posters and calendar entries stop working as a draft: ask first.
              if (editing && !isDraft && !window.confirm(MOVE_TO_DRAFTS_CONFIRM)) return;
              void submit({ status: 'draft' });
            }}
          >
            {editing && !isDraft ? 'Move to drafts' : 'Save draft'}
          </button>
        }
      />
    </form>
  );
}

/** Asked before a public event goes back to drafts. */
export const MOVE_TO_DRAFTS_CONFIRM =
  'Move to drafts? Its page, QR poster and calendar entries stop working until you publish it again. To call it off, use Cancel event instead.';

type Change = (next: Partial<EventFormValues>) => void;

/**
 * What a published event can become without breaking a shared link: cancelled or
 * postponed (with a note for the people who saw it), sold out, or back on as planned.
 * Each button saves at once, through the outbox like every edit, so it works offline.
 */
function AfterPublishing({
  values,
  timeZone,
  busy,
  errorOf,
  onChange,
  onSave,
}: {
  values: EventFormValues;
  timeZone: string;
  busy: boolean;
  errorOf: (field: string) => string | null;
  onChange: Change;
  onSave: (next: Partial<EventFormValues>) => Promise<void>;
}) {
  const changed = values.status === 'cancelled' || values.status === 'postponed';
  return (
    <fieldset className="after-publishing">
      <legend>After publishing</legend>
      <p className="field__hint">
        {changed
          ? `Shown as ${values.status === 'cancelled' ? 'Cancelled' : 'Postponed'} on its page, posters and calendars.`
          : 'Its page, QR posters and calendar entries keep working and say what changed.'}
      </p>
      <Field
        label="Note for guests"
        hint={`Why, and what happens next (tickets, a new date). At most ${MAX_STATUS_NOTE_LENGTH} characters.`}
        error={errorOf('status_note')}
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={MAX_STATUS_NOTE_LENGTH}
            value={values.status_note}
            onChange={(event) => onChange({ status_note: event.target.value })}
          />
        )}
      </Field>
      <div className="after-publishing__actions">
        {changed ? (
          <button
            type="button"
            className="button button--quiet"
            disabled={busy}
            onClick={() => void onSave({ status: 'published', status_note: '' })}
          >
            Back on as planned
          </button>
        ) : (
          <>
            <button
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={() => void onSave({ status: 'cancelled' })}
            >
              Cancel event
            </button>
            <button
              type="button"
              className="button button--quiet"
              disabled={busy}
              onClick={() => void onSave({ status: 'postponed' })}
            >
              Postpone
            </button>
          </>
        )}
        <button
          type="button"
          className="button button--quiet"
          disabled={busy}
          onClick={() => void onSave({ sold_out: !values.sold_out })}
        >
          {values.sold_out ? 'Tickets available again' : 'Mark sold out'}
        </button>
      </div>
      {values.is_recurring ? <SeriesDates values={values} timeZone={timeZone} busy={busy} onSave={onSave} /> : null}
    </fieldset>
  );
}

/** How many of a weekly series' coming dates can be skipped from the editor. */
const SKIPPABLE_DATES = 6;

/** A weekly series' next dates, each with Skip (or Undo once skipped); each saves at once. */
function SeriesDates({
  values,
  timeZone,
  busy,
  onSave,
}: {
  values: EventFormValues;
  timeZone: string;
  busy: boolean;
  onSave: (next: Partial<EventFormValues>) => Promise<void>;
}) {
  const listId = useId();
  const series = {
    ...values.days,
    recurring_start_time: values.recurring_start_time,
    recurring_end_time: values.recurring_end_time,
    start_date: values.start_date || null,
    end_date: values.end_date || null,
  };
  const dates = nextWeeklyDates(series, new Date(), timeZone, SKIPPABLE_DATES);
  if (dates.length === 0) return null;
  const skipped = new Set(values.skipped_dates);
  const toggle = (date: string) => {
    const next = skipped.has(date) ? values.skipped_dates.filter((d) => d !== date) : [...values.skipped_dates, date];
    void onSave({ skipped_dates: [...next].sort() });
  };
  return (
    <div className="series-dates">
      <p className="field__label" id={listId}>
        Next dates
      </p>
      <ul aria-labelledby={listId}>
        {dates.map((date) => (
          <li key={date}>
            <span id={`${listId}-${date}`} className={skipped.has(date) ? 'series-dates__skipped' : undefined}>
              {formatDay(date)}
            </span>
            {skipped.has(date) ? <em>Skipped</em> : null}
            <button
              type="button"
              className="button button--small button--quiet"
              aria-describedby={`${listId}-${date}`}
              disabled={busy}
              onClick={() => toggle(date)}
            >
              {skipped.has(date) ? 'Undo' : 'Skip'}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

type TimeKey = 'start_date' | 'start_time' | 'end_date' | 'end_time' | 'recurring_start_time' | 'recurring_end_time';

/** A labelled date or time input bound to one field of the form values. */
function BoundInput<K extends TimeKey>(props: {
  label: string;
  type: 'date' | 'time';
  name: K;
  values: Pick<EventFormValues, K>;
  change: Change;
  errorOf: (field: string) => string | null;
}) {
  const { label, type, name, values, change, errorOf } = props;
  return (
    <Field label={label} error={errorOf(name)}>
      {(c) => (
        <input
          {...c}
          type={type}
          value={values[name]}
          onChange={(e) => change({ [name]: e.target.value } as Partial<EventFormValues>)}
        />
      )}
    </Field>
  );
}

function DateFields({
  values,
  change,
  errorOf,
}: {
  values: EventFormValues;
  change: Change;
  errorOf: (field: string) => string | null;
}) {
  return (
    <div className="field-grid">
      <BoundInput label="Start date" type="date" name="start_date" values={values} change={change} errorOf={errorOf} />
      <BoundInput label="Start time" type="time" name="start_time" values={values} change={change} errorOf={errorOf} />
      <BoundInput label="End date" type="date" name="end_date" values={values} change={change} errorOf={errorOf} />
      <BoundInput label="End time" type="time" name="end_time" values={values} change={change} errorOf={errorOf} />
    </div>
  );
}
