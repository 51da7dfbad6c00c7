/**
 * A 412 conflict, field by field: the user's value beside the server's
 * current one, with "Keep mine" / "Take theirs" for each (architecture §5).
 */
import { useState } from 'react';
import { fieldLabel } from '../../shared/contract/field-labels.ts';
import { resolveConflict } from '../../stores/sync-actions.ts';

interface Props {
  entryId: string;
  mine: Readonly<Record<string, unknown>>;
  theirs: Readonly<Record<string, unknown>>;
  /** A business listing (its `bio` is a Bio, an event's a Description). */
  listing: boolean;
}

const show = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '(empty)'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

export function ConflictChoice({ entryId, mine, theirs, listing }: Props) {
  const [choice, setChoice] = useState<Record<string, 'mine' | 'theirs'>>({});
  const [busy, setBusy] = useState(false);
  const fields = Object.keys(mine);
  return (
    <form
      className="outbox-conflict"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        void resolveConflict(entryId, choice).finally(() => setBusy(false));
      }}
    >
      <p className="outbox-conflict__intro">
        Someone else changed this event after you started editing. For each field, choose which value to keep.
      </p>
      {fields.map((name) => (
        <fieldset key={name} className="outbox-conflict__field">
          <legend>{fieldLabel(name, { listing })}</legend>
          <label>
            <input
              type="radio"
              name={`${entryId}-${name}`}
              checked={(choice[name] ?? 'mine') === 'mine'}
              onChange={() => setChoice((c) => ({ ...c, [name]: 'mine' }))}
            />{' '}
            Keep mine: <span className="outbox-conflict__value">{show(mine[name])}</span>
          </label>
          <label>
            <input
              type="radio"
              name={`${entryId}-${name}`}
              checked={choice[name] === 'theirs'}
              onChange={() => setChoice((c) => ({ ...c, [name]: 'theirs' }))}
            />{' '}
            Take theirs: <span className="outbox-conflict__value">{show(theirs[name])}</span>
          </label>
        </fieldset>
      ))}
      <button type="submit" className="button button--primary button--small" disabled={busy}>
        Apply choices
      </button>
    </form>
  );
}
