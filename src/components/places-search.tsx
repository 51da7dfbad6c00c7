/**
 * Location field with place suggestions — the ARIA 1.2 combobox pattern
 * (product §5, §9; contract §9): the search starts only after more than 2
 * trimmed characters and 400 ms without typing; suggestions are a
 * role=listbox (max-height 260 px) of role=option items, reachable with the
 * arrow keys; choosing one fills the field with its description, then the
 * place details give latitude and longitude. Search errors are logged and
 * leave an empty list. Fetchers are injected so the widget knows no endpoint.
 */
import {
  PLACES_DEBOUNCE_MS,
  type AddressParts,
  type PlacePrediction,
  PLACES_MIN_INPUT_LENGTH,
} from '../shared/contract/places.ts';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { onSuggestionKeys, SuggestionList } from './suggestion-list.tsx';

export type PlaceSuggestion = PlacePrediction;

/** A chosen suggestion: its description, coordinates and what it knows of its address. */
export interface ChosenPlace extends AddressParts {
  description: string;
  lat: number;
  lng: number;
}

export interface PlacesSearchProps {
  label?: string;
  value: string;
  /** Typing: the text changed (whether the chosen place still applies is the caller's business). */
  onTextChange: (text: string) => void;
  /** A suggestion was chosen and its coordinates are known. */
  onPlace: (place: ChosenPlace) => void;
  search: (input: string, signal: AbortSignal) => Promise<readonly PlaceSuggestion[]>;
  details: (placeId: string) => Promise<{ lat: number; lng: number } & AddressParts>;
  /** Said under the field (and read with it): where the map pin is. */
  hint?: ReactNode;
}

export function PlacesSearch({
  label = 'Location',
  value,
  onTextChange,
  onPlace,
  search,
  details,
  hint,
}: PlacesSearchProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const listId = `${id}-list`;
  const [query, setQuery] = useState<string | null>(null);
  const [options, setOptions] = useState<readonly PlaceSuggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const searchRef = useRef(search);
  searchRef.current = search;

  // Debounced search; only for text the user typed (null after a choice).
  useEffect(() => {
    const trimmed = query?.trim() ?? '';
    if (trimmed.length < PLACES_MIN_INPUT_LENGTH) {
      setOptions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchRef
        .current(trimmed, controller.signal)
        .then((found) => {
          if (controller.signal.aborted) return;
          setOptions(found);
          setActive(-1);
          setOpen(true);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Places search failed', error);
          setOptions([]);
        });
    }, PLACES_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  async function choose(option: PlaceSuggestion) {
    setQuery(null);
    setOptions([]);
    setOpen(false);
    setActive(-1);
    onTextChange(option.description);
    try {
      const location = await details(option.place_id);
      onPlace({ ...location, description: option.description });
    } catch (error) {
      console.error('Place details failed', error);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    onSuggestionKeys(event, { options, open, active, setOpen, setActive, choose: (option) => void choose(option) });
  }

  const expanded = open && options.length > 0;
  return (
    <div className="field places-search">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {/* The list hangs from the input, above the hint under it. */}
      <div className="places-search__anchor">
        <input
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
          aria-describedby={hint ? hintId : undefined}
          autoComplete="off"
          value={value}
          onChange={(event) => {
            setQuery(event.target.value);
            onTextChange(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(options.length > 0)}
        />
        <SuggestionList
          inputId={id}
          listId={listId}
          label={`${label} suggestions`}
          options={options}
          active={active}
          expanded={expanded}
          keyOf={(option) => option.place_id}
          choose={(option) => void choose(option)}
        >
          {(option) => option.description}
        </SuggestionList>
      </div>
      {hint ? (
        <span className="field__hint" id={hintId}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}
