import { Link } from '../../components/link.tsx';
import type { Policy } from '../../content/policies/policy-types.ts';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A policy page: title, last-updated date, table of contents, numbered sections. */
export function PolicyDocument({ policy }: { policy: Policy }) {
  return (
    <article className="page policy">
      <header className="policy__head">
        <p className="eyebrow">Legal</p>
        <h1>{policy.title}</h1>
        <p className="policy__updated">
          Last updated <time dateTime={policy.updated}>{dateFormat.format(new Date(policy.updated))}</time>
        </p>
        <p className="lede">{policy.summary}</p>
      </header>
      <div className="policy__layout">
        <nav className="policy__toc" aria-labelledby="toc-heading">
          <h2 id="toc-heading" className="policy__toc-heading">
            Contents
          </h2>
          <ol>
            {policy.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="policy__body">
          {policy.sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
              <h2 id={`${section.id}-heading`}>
                <span className="policy__number" aria-hidden="true">
                  {index + 1}.
                </span>{' '}
                {section.heading}
              </h2>
              {section.blocks.map((block, blockIndex) =>
                block.kind === 'p' ? (
                  <p key={blockIndex}>{block.text}</p>
                ) : (
                  <ul key={blockIndex}>
                    {block.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ),
              )}
            </section>
          ))}
          <p className="policy__related">
            Related: <Link to="/terms">Terms of Service</Link> · <Link to="/privacy">Privacy Policy</Link> ·{' '}
            <Link to="/child-safety">Child Safety Standards</Link> · <Link to="/delete">Delete your account</Link>
          </p>
        </div>
      </div>
    </article>
  );
}
