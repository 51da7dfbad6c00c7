/**
 * What the Location and Venue comboboxes share: the arrow / Enter / Escape
 * keys of an input that owns a list of suggestions, and the listbox itself
 * (at most 260 px tall, scrolled inside — product §9). Each field keeps its own
 * search, its own state and how an option reads.
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface SuggestionKeys<T> {
  options: readonly T[];
  open: boolean;
  active: number;
  setOpen(open: boolean): void;
  setActive(index: number): void;
  choose(option: T): void;
}

/** The input's key handler: arrows move through the suggestions, Enter takes one, Escape closes the list. */
export function onSuggestionKeys<T>(event: KeyboardEvent<HTMLInputElement>, keys: SuggestionKeys<T>): void {
  const { options, open, active, setOpen, setActive, choose } = keys;
  const count = options.length;
  if (event.key === 'ArrowDown' && count > 0) {
    event.preventDefault();
    setOpen(true);
    setActive((active + 1) % count);
  } else if (event.key === 'ArrowUp' && count > 0) {
    event.preventDefault();
    setOpen(true);
    setActive(active <= 0 ? count - 1 : active - 1);
  } else if (event.key === 'Enter' && open && active >= 0) {
    event.preventDefault();
    const option = options[active];
    if (option) choose(option);
  } else if (event.key === 'Escape' && open) {
    event.preventDefault();
    event.stopPropagation();
    setOpen(false);
    setActive(-1);
  }
}

interface SuggestionListProps<T> {
  /** The input's id: option ids derive from it, for aria-activedescendant. */
  inputId: string;
  listId: string;
  label: string;
  options: readonly T[];
  active: number;
  expanded: boolean;
  keyOf(option: T): string | number;
  choose(option: T): void;
  children(option: T): ReactNode;
}

export function SuggestionList<T>({
  inputId,
  listId,
  label,
  options,
  active,
  expanded,
  keyOf,
  choose,
  children,
}: SuggestionListProps<T>) {
  const listRef = useRef<HTMLUListElement>(null);
  const count = options.length;
  // An opened list is brought into view inside whatever scrolls it (the editor's body on a
  // phone): otherwise it hangs below the fold, behind the editor's action bar.
  useEffect(() => {
    if (!expanded || count === 0) return;
    listRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [expanded, count]);
  return (
    <ul
      ref={listRef}
      id={listId}
      role="listbox"
      aria-label={label}
      className="places-search__list"
      hidden={!expanded}
      // Inline as well as in the stylesheet: the limit is part of the contract (product §9).
      style={{ maxHeight: 260, overflowY: 'auto' }}
    >
      {options.map((option, index) => (
        <li
          key={keyOf(option)}
          id={`${inputId}-option-${index}`}
          role="option"
          aria-selected={index === active}
          className="places-search__option"
          // mousedown, not click: it fires before the input's blur closes the list.
          onMouseDown={(event) => {
            event.preventDefault();
            choose(option);
          }}
        >
          {children(option)}
        </li>
      ))}
    </ul>
  );
}
