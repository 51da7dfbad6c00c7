/**
 * The FAQ search (product §5): results only for a typed query, matched
 * case-insensitively on the question text, the match highlighted and the count
 * announced; an empty query shows a hint, no match the exact sentence. An
 * island of the prerendered /faq page (src/components/island.tsx).
 */
import { useEffect, useRef, useState } from 'react';
import { AppLink } from '../../components/app-link.tsx';
import { brand } from '../../brand.ts';
import type { FaqEntry } from '../../content/faq.ts';
import { highlightParts, searchFaq } from './faq-search.ts';

export { faqEntriesAround } from './load-faq-entries.ts';

/** Words that find something, offered as one-tap searches under the box. */
const suggestions = ['video', 'coupon', 'refund', 'business', 'delete'];
const STATUS_ID = 'faq-status';

export function FaqSearchPanel({ entries }: { entries: readonly FaqEntry[] }) {
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // A query typed before the prerendered page hydrated is in the box but not in state.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed) setQuery((current) => current || typed);
  }, []);
  const results = searchFaq(entries, query);
  const searching = query.trim() !== '';

  return (
    <>
      <search className="faq__search">
        <label htmlFor="faq-query" className="faq__label">
          Search questions
        </label>
        <input
          id="faq-query"
          ref={input}
          type="search"
          className="faq__input"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          aria-describedby={STATUS_ID}
          autoComplete="off"
          spellCheck={false}
        />
        <div className="faq__suggestions">
          <span className="faq__suggestions-label">Try:</span>
          {suggestions.map((word) => (
            <button key={word} type="button" className="chip" onClick={() => setQuery(word)}>
              {word}
            </button>
          ))}
        </div>
      </search>

      <p id={STATUS_ID} role="status" className={searching ? 'faq__status' : 'faq__status faq__status--hint'}>
        {!searching
          ? 'Type a word from your question — for example “tags”, “coupon” or “verification” — and matching answers appear here.'
          : results.length === 0
            ? 'No matching questions found'
            : `${results.length} ${results.length === 1 ? 'question' : 'questions'} found`}
      </p>

      {results.length > 0 ? (
        <ul className="faq__results">
          {results.map((entry) => (
            <li key={entry.question} className="faq__item">
              <h2 className="faq__question">
                {highlightParts(entry.question, query).map((part, index) =>
                  part.match ? <mark key={index}>{part.text}</mark> : part.text,
                )}
              </h2>
              <p className="faq__answer">{entry.answer}</p>
              <p className="faq__topic">{entry.topic}</p>
            </li>
          ))}
        </ul>
      ) : null}

      {searching && results.length === 0 ? (
        <p className="faq__none">
          Try a shorter word, or <AppLink to="/contact">ask us directly</AppLink> — we reply within{' '}
          {brand.replyWithinHours} hours.
        </p>
      ) : null}
    </>
  );
}
