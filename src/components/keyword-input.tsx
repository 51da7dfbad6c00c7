/**
 * Keywords of a business listing (product §5, §9): at most 15, each at most 15
 * characters, lowercased, added on Enter, removed by clicking them. Input
 * beyond the limits is silently ignored: Enter on a keyword longer than 15
 * characters, a 16th keyword or a duplicate adds nothing and shows no error
 * (the hint states the limits up front).
 */
import { useState, type KeyboardEvent } from 'react';
import { addKeyword, MAX_KEYWORD_LENGTH, MAX_KEYWORDS, removeKeyword } from '../shared/contract/keywords.ts';
import { Field } from './ui/field.tsx';

interface KeywordInputProps {
  value: readonly string[];
  onChange: (keywords: readonly string[]) => void;
}

export function KeywordInput({ value, onChange }: KeywordInputProps) {
  const [text, setText] = useState('');
  const full = value.length >= MAX_KEYWORDS;

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter adds a keyword; it must never submit the surrounding form.
    event.preventDefault();
    const next = addKeyword(value, text);
    if (next !== value) onChange(next);
    setText('');
  }

  return (
    <div className="keyword-input">
      <Field
        label="Keywords"
        hint={`Press Enter to add; up to ${MAX_KEYWORDS}, each up to ${MAX_KEYWORD_LENGTH} characters. Click one to remove it.`}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            value={text}
            autoComplete="off"
            enterKeyHint="done"
            onChange={(event) => setText(full ? '' : event.target.value)}
            onKeyDown={onKeyDown}
          />
        )}
      </Field>
      {value.length > 0 ? (
        <ul className="chips" aria-label={`Added: ${value.length} of ${MAX_KEYWORDS}`}>
          {value.map((keyword) => (
            <li key={keyword}>
              <button
                type="button"
                className="chip"
                aria-label={`Remove keyword ${keyword}`}
                onClick={() => onChange(removeKeyword(value, keyword))}
              >
                <span>{keyword}</span>
                <span aria-hidden="true" className="chip__x">
                  ×
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
