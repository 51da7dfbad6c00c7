import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { brand } from '../../brand.ts';
import type { FaqEntry } from '../../content/faq.ts';
import { highlightParts, searchFaq } from './faq-search.ts';
import { FAQ_DATA_ATTRIBUTE, loadFaqEntries } from './load-faq-entries.ts';

export const loader = loadFaqEntries;

/** Words that find something, offered as one-tap searches under the box. */
const suggestions = ['video', 'coupon', 'refund', 'business', 'delete'];

export function Component() {
  const faqEntries = useLoaderData<readonly FaqEntry[]>();
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // A query typed before the prerendered page hydrated is in the box but not in state.
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed) setQuery((current) => current || typed);
  }, []);
  const results = searchFaq(faqEntries, query);
  const searching = query.trim() !== '';
  const statusId = useId();

  return (
    <article className="page page--narrow faq" {...{ [FAQ_DATA_ATTRIBUTE]: JSON.stringify(faqEntries) }}>
      <p className="eyebrow">Help centre</p>
      <h1>Questions and answers</h1>
      <p className="lede">
        Search {faqEntries.length} answers about the {brand.name} app, the business dashboard, payments and your
        account.
      </p>

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
          aria-describedby={statusId}
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

      <p id={statusId} role="status" className={searching ? 'faq__status' : 'faq__status faq__status--hint'}>
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
          Try a shorter word, or <Link to="/contact">ask us directly</Link> — we reply within {brand.replyWithinHours}{' '}
          hours.
        </p>
      ) : null}

      <section className="callout" aria-label="More help">
        <h2>Still stuck?</h2>
        <p>
          <Link to="/contact">Contact us</Link> or <Link to="/issue">report an issue</Link>. A person reads every
          message.
        </p>
      </section>
    </article>
  );
}
