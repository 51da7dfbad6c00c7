/**
 * A modal built on the native <dialog> element: the browser supplies the
 * focus containment, inertness of the page behind and Escape to close; we add
 * focus return to the opener and, unless it holds a form, close on a tap on the backdrop. The browser would
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
  /**
   * False for a form someone is filling in: on a phone the backdrop is a thin strip
   * around it, where a stray tap while scrolling would throw the form away.
   */
  backdropCloses?: boolean;
  children: ReactNode;
}

export function Dialog({ open, onClose, label, className, backdropCloses = true, children }: DialogProps) {
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
        // The dialog element itself is also the target of a tap on its own padding or on a
        // gap its content leaves: only a tap outside its box is on the backdrop.
        if (!backdropCloses || event.target !== ref.current) return;
        const box = ref.current.getBoundingClientRect();
        const inside =
          event.clientX >= box.left &&
          event.clientX <= box.right &&
          event.clientY >= box.top &&
          event.clientY <= box.bottom;
        if (!inside) onClose();
      }}
    >
      {open ? children : null}
    </dialog>
  );
}
