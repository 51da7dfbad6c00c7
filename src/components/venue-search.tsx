/**
 * The Venue field of the event editor (contract §10): a combobox of business
 * listings whose name matches what is typed, across the city (best match
 * first, then nearest to the event's place when it has one) — the ARIA 1.2
 * combobox pattern and the debounce of the Location field (places-search.tsx):
 * more than 2 trimmed characters and 400 ms without typing. Choosing one names
 * it as the venue and hands the listing over, so the editor can take its
 * address and pin; typing again or **Remove venue** takes the venue away.
 * The fetcher is injected so the widget knows no endpoint.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { onSuggestionKeys, SuggestionList } from './suggestion-list.tsx';
import { PLACES_DEBOUNCE_MS, PLACES_MIN_INPUT_LENGTH, type MatchingBusiness } from '../shared/contract/places.ts';
import { Field } from './ui/field.tsx';

export interface ChosenVenue {
  id: number;
  title: string;
}

export interface VenueSearchProps {
  venue: ChosenVenue | null;
  /** The event's place: among equally good name matches, venues nearer to it come first. */
  near: { lat: number; lng: number } | null;
  /** A listing never offered (the account's own). */
  excludeId?: number | null;
  /** `chosen`: the listing picked from the suggestions, with its address and pin. */
  onChange: (venue: ChosenVenue | null, chosen?: MatchingBusiness) => void;
  search: (
    query: { venue: string; lat: number | null; lng: number | null },
    signal: AbortSignal,
  ) => Promise<MatchingBusiness[]>;
  error?: string | null;
}

export function VenueSearch({ venue, near, excludeId = null, onChange, search, error }: VenueSearchProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(venue?.title ?? '');
  const [query, setQuery] = useState<string | null>(null);
  const [options, setOptions] = useState<readonly MatchingBusiness[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const [noMatch, setNoMatch] = useState<string | null>(null);
  const searchRef = useRef(search);
  searchRef.current = search;
  const lat = near?.lat ?? null;
  // A venue set from outside (a restored draft) shows its name.
  const chosenTitle = venue?.title ?? null;
  useEffect(() => {
    if (chosenTitle !== null) setText(chosenTitle);
  }, [chosenTitle]);
  const lng = near?.lng ?? null;

  // Debounced search; only for text the user typed (null after a choice).
  useEffect(() => {
    const trimmed = query?.trim() ?? '';
    setNoMatch(null);
    if (trimmed.length < PLACES_MIN_INPUT_LENGTH) {
      setOptions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchRef
        .current({ venue: trimmed, lat, lng }, controller.signal)
        .then((found) => {
          if (controller.signal.aborted) return;
          const offered = found.filter((candidate) => candidate.id !== excludeId);
          setOptions(offered);
          setActive(-1);
          setOpen(true);
          setNoMatch(offered.length ? null : trimmed);
        })
        .catch((failure: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Venue search failed', failure);
          setOptions([]);
        });
    }, PLACES_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, lat, lng, excludeId]);

  function choose(option: MatchingBusiness) {
    setQuery(null);
    setOptions([]);
    setOpen(false);
    setActive(-1);
    setText(option.title);
    onChange({ id: option.id, title: option.title }, option);
  }

  function remove() {
    setQuery(null);
    setOptions([]);
    setText('');
    onChange(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    onSuggestionKeys(event, { options, open, active, setOpen, setActive, choose });
  }

  const expanded = open && options.length > 0;
  const hint = venue
    ? `Asked to list it at ${venue.title}. It shows there once the venue approves it.`
    : noMatch
      ? near
        ? `No venue listed here matches “${noMatch}” within 50 km of the location.`
        : `No venue listed here matches “${noMatch}”.`
      : 'A venue listed here, found by name (nearest to the location first). Choosing one sets the location and address too; the venue is asked to approve the event.';
  return (
    <Field label="Venue" hint={<span aria-live="polite">{hint}</span>} error={error ?? null} className="places-search">
      {(control) => (
        <>
          <div className="venue-search__row">
            <input
              {...control}
              type="text"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={listId}
              aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
              autoComplete="off"
              placeholder="Search venues by name"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setQuery(event.target.value);
                // Typing replaces the chosen venue: none is named until one is chosen again.
                if (venue) onChange(null);
              }}
              onKeyDown={onKeyDown}
              onBlur={() => setOpen(false)}
              onFocus={() => setOpen(options.length > 0)}
            />
            {venue ? (
              <button type="button" className="button button--small button--quiet" onClick={remove}>
                Remove venue
              </button>
            ) : null}
          </div>
          <SuggestionList
            inputId={id}
            listId={listId}
            label="Venue suggestions"
            options={options}
            active={active}
            expanded={expanded}
            keyOf={(option) => option.id}
            choose={choose}
          >
            {(option) => (
              <>
                <strong>{option.title}</strong>
                {option.location_name ? <span className="venue-search__where"> · {option.location_name}</span> : null}
              </>
            )}
          </SuggestionList>
        </>
      )}
    </Field>
  );
}
