/**
 * Duplicate an event onto one or more dates at once (beyond the spec): each
 * date becomes its own create in the outbox, keeping the event's times and
 * its length in days. The cover is copied when it can be fetched.
 */
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../components/ui/dialog.tsx';
import type { ShownEvent } from '../../stores/use-overlaid-events.ts';
import { ModalFormFooter } from '../../components/forms/modal-form-footer.tsx';
import { queueThroughOutbox } from '../../components/forms/save-result.ts';
import { addDays, buildCreate, duplicateOnto, formFromRecord } from './event-form.ts';

const MAX_COPIES = 12;

function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

async function fetchCover(url: string | null | undefined): Promise<Blob | null> {
  if (!url) return null;
  try {
    const response = await fetch(url);
    return response.ok ? await response.blob() : null;
  } catch {
    return null;
  }
}

export function DuplicateDialog({ event, onClose }: { event: ShownEvent | null; onClose: () => void }) {
  return (
    <Dialog
      open={event !== null}
      onClose={onClose}
      label="Duplicate event"
      className="form-modal"
      backdropCloses={false}
    >
      {event ? <DuplicateForm event={event} onDone={onClose} /> : null}
    </Dialog>
  );
}

function DuplicateForm({ event, onDone }: { event: ShownEvent; onDone: () => void }) {
  const source = formFromRecord(event.record);
  const first = addDays(source.start_date || today(), 7);
  const [dates, setDates] = useState<string[]>([first]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(submit: FormEvent) {
    submit.preventDefault();
    const chosen = [...new Set(dates.filter(Boolean))];
    if (chosen.length === 0) return;
    setBusy(true);
    const cover = await fetchCover(event.record.cover_image);
    let failed = 0;
    for (const date of chosen) {
      const write = buildCreate(duplicateOnto(source, date));
      // Stored is enough to close: each copy's card shows it pending, then the server's answer.
      const outcome = await queueThroughOutbox({
        kind: 'event.create',
        target: `event:tmp-${crypto.randomUUID()}`,
        ...write,
        ...(cover ? { cover } : {}),
      });
      if (outcome.kind === 'failed') failed += 1;
    }
    setBusy(false);
    if (failed > 0) setError(`Failed to save event. ${failed} of ${chosen.length} copies were not saved.`);
    else onDone();
  }

  return (
    <form className="form-modal__form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="form-modal__head">
        <h2>Duplicate event</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onDone}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="form-modal__body">
        <p className="field__hint">
          Copies “{event.record.title}” with the same place, times and details onto each date you choose.
        </p>
        <ol className="date-list">
          {dates.map((date, index) => (
            <li key={index}>
              <label className="date-list__row">
                <span>Copy {index + 1} date</span>
                <input
                  type="date"
                  data-autofocus={index === 0 || undefined}
                  value={date}
                  onChange={(e) => setDates(dates.map((old, i) => (i === index ? e.target.value : old)))}
                />
              </label>
              {dates.length > 1 ? (
                <button
                  type="button"
                  className="icon-button icon-button--small"
                  aria-label={`Remove copy ${index + 1}`}
                  onClick={() => setDates(dates.filter((_, i) => i !== index))}
                >
                  <span aria-hidden="true">×</span>
                </button>
              ) : null}
            </li>
          ))}
        </ol>
        <div className="actions">
          <button
            type="button"
            className="button button--small button--quiet"
            disabled={dates.length >= MAX_COPIES}
            onClick={() => setDates([...dates, addDays(dates[dates.length - 1] || first, 7)])}
          >
            + Another date
          </button>
        </div>
      </div>
      <ModalFormFooter
        error={error}
        onCancel={onDone}
        busy={busy}
        submitLabel={busy ? 'Creating…' : dates.length > 1 ? `Create ${dates.length} copies` : 'Create copy'}
      />
    </form>
  );
}
