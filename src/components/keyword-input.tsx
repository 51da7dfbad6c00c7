/**
 * Keywords of a business listing or an event (product §5, §9): at most 15,
 * each at most 15 characters, lowercased, removed by clicking them. What is
 * typed is never dropped without a word: it is added on Enter, on a comma
 * (typed or pasted), when the field loses focus (a phone's "Done" only closes
 * the keyboard) and when the form is saved. A keyword too long or beyond the
 * 15th stays in the field, and one already there is not added twice, each
 * with the reason next to the field.
 */
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react';
import { flushSync } from 'react-dom';
import { addKeywords, MAX_KEYWORD_LENGTH, MAX_KEYWORDS, removeKeyword } from '../shared/contract/keywords.ts';
import { Field } from './ui/field.tsx';

interface KeywordInputProps {
  value: readonly string[];
  onChange: (keywords: readonly string[]) => void;
}

export function KeywordInput({ value, onChange }: KeywordInputProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = `${useId()}-problem`;
  const inputRef = useRef<HTMLInputElement>(null);

  /** Adds what `input` holds; what was not taken stays in the field, with the reason shown. */
  function commit(input: string, keepTyping = '') {
    const added = addKeywords(value, input);
    if (added.keywords !== value) onChange(added.keywords);
    setProblem(added.problem);
    setText([...added.rejected, keepTyping].filter(Boolean).join(', '));
  }

  // The form's own submit handler reads the keywords from its state, so the text still in the
  // field is added (and rendered, flushSync) in the capture phase, before that handler runs.
  const pending = useRef({ text, commit });
  useLayoutEffect(() => {
    pending.current = { text, commit };
  });
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return;
    const onSubmit = () => {
      const { text: left, commit: add } = pending.current;
      if (left.trim()) flushSync(() => add(left));
    };
    form.addEventListener('submit', onSubmit, { capture: true });
    return () => form.removeEventListener('submit', onSubmit, { capture: true });
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter adds a keyword; it must never submit the surrounding form.
    event.preventDefault();
    commit(text);
  }

  function onTextChange(event: ChangeEvent<HTMLInputElement>) {
    const typed = event.target.value;
    const comma = typed.lastIndexOf(',');
    if (comma < 0) {
      setText(typed);
      return;
    }
    // Everything up to the last comma is finished; what follows is still being typed.
    commit(typed.slice(0, comma), typed.slice(comma + 1).trimStart());
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData('text');
    if (!pasted.includes(',')) return;
    // A pasted list is finished, its last word too ("jazz, soul" adds two).
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? text.length;
    const end = input.selectionEnd ?? text.length;
    commit(text.slice(0, start) + pasted + text.slice(end));
  }

  return (
    <div className="keyword-input">
      <Field
        label="Keywords"
        hint={`Press Enter or type a comma to add; up to ${MAX_KEYWORDS}, each up to ${MAX_KEYWORD_LENGTH} characters. Click one to remove it.`}
      >
        {(control) => (
          <input
            {...control}
            ref={inputRef}
            aria-describedby={[control['aria-describedby'], problem ? problemId : null].filter(Boolean).join(' ')}
            aria-invalid={problem ? true : undefined}
            type="text"
            value={text}
            autoComplete="off"
            enterKeyHint="done"
            onChange={onTextChange}
            onPaste={onPaste}
            onKeyDown={onKeyDown}
            onBlur={() => {
              if (text.trim()) commit(text);
            }}
          />
        )}
      </Field>
      {problem ? (
        <p className="field__error" id={problemId} role="alert">
          {problem}
        </p>
      ) : null}
      {value.length > 0 ? (
        <ul className="chips" aria-label={`Added: ${value.length} of ${MAX_KEYWORDS}`}>
          {value.map((keyword) => (
            <li key={keyword}>
              <button
                type="button"
                className="chip"
                aria-label={`Remove keyword ${keyword}`}
                onClick={() => {
                  onChange(removeKeyword(value, keyword));
                  setProblem(null);
                }}
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
