import { useLoaderData } from 'react-router-dom';
import { Link } from '../../components/link.tsx';
import { brand } from '../../brand.ts';
import { Island } from '../../components/island.tsx';
import type { FaqEntry } from '../../content/faq.ts';
import { FaqSearchPanel } from './faq-search-panel.tsx';
import { FAQ_DATA_ATTRIBUTE, loadFaqEntries } from './load-faq-entries.ts';

export const loader = loadFaqEntries;

export function Component() {
  const faqEntries = useLoaderData<readonly FaqEntry[]>();
  return (
    <article className="page page--narrow faq" {...{ [FAQ_DATA_ATTRIBUTE]: JSON.stringify(faqEntries) }}>
      <p className="eyebrow">Help centre</p>
      <h1>Questions and answers</h1>
      <p className="lede">
        Search {faqEntries.length} answers about the {brand.name} app, the business dashboard, payments and your
        account.
      </p>

      <Island name="faq-search">
        <FaqSearchPanel entries={faqEntries} />
      </Island>

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
