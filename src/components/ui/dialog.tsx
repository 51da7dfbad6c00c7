/**
 * A modal built on the native <dialog> element: the browser supplies the
 * focus containment, inertness of the page behind and Escape to close; we add
 * focus return to the opener and close on backdrop click. The browser would
 * focus the first control (often the × in the heading); a form marks the
 * field people start with `data-autofocus`, and focus goes there instead.
 */
import { useEffect, useRef, type ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the dialog. */
  label: string;
  className?: string;
  children: ReactNode;
}

export function Dialog({ open, onClose, label, className, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Runs after the dialog really closed (Escape, close(), form method=dialog).
  function handleClose() {
    const target = opener.current;
    opener.current = null;
    if (open) onClose();
    if (target?.isConnected) target.focus();
  }

  return (
    <dialog
      ref={ref}
      aria-label={label}
      className={className}
      onClose={handleClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      {open ? children : null}
    </dialog>
  );
}
