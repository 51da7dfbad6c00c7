/**
 * The end of a form inside a modal: the form-level error (announced, and kept
 * in the page while empty so screen readers hear it when it fills) and the
 * Cancel / submit pair, with an optional second action between them (the event
 * editor's Save draft). It sits below the scrolling body (.form-modal__body),
 * never over it.
 */
import type { ReactNode } from 'react';

interface ModalFormFooterProps {
  error: string | null;
  onCancel: () => void;
  busy: boolean;
  /** The submit button's text, already saying what is happening while busy. */
  submitLabel: string;
  secondary?: ReactNode;
}

export function ModalFormFooter({ error, onCancel, busy, submitLabel, secondary }: ModalFormFooterProps) {
  return (
    <div className="form-modal__end">
      <p role="alert" className={error ? 'alert alert--error' : 'visually-hidden'}>
        {error ?? ''}
      </p>
      <div className="form-modal__footer">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        {secondary}
        <button type="submit" className="button button--primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </div>
  );
}
