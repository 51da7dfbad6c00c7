import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * After a failed submit, moves focus to the first invalid field of the form, or
 * to its error summary when no single field is to blame (architecture §3: focus moves
 * to the first error). Call the returned function once per failed submit.
 */
export function useFocusFirstError(form: RefObject<HTMLElement | null>): () => void {
  const [request, setRequest] = useState(0);
  const handled = useRef(0);
  // A layout effect: focus moves in the same frame the error appears.
  useLayoutEffect(() => {
    if (request === handled.current) return;
    handled.current = request;
    const target =
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.current?.querySelector<HTMLElement>('[data-error-summary]');
    target?.focus();
  }, [request, form]);
  return () => setRequest((count) => count + 1);
}
