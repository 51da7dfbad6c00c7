import { Link } from '../../components/link.tsx';
import { brand } from '../../brand.ts';
import { aboutIntro, aboutSections } from '../../content/about.ts';

export function Component() {
  return (
    <article className="page about">
      <header className="about__head">
        <p className="eyebrow">About {brand.name}</p>
        <h1>We help cities show what they are doing</h1>
        <p className="lede">{aboutIntro}</p>
        <nav aria-label="On this page" className="about__jump">
          {aboutSections.map((section) => (
            <a key={section.id} href={`#${section.id}`} className="chip">
              {section.label}
            </a>
          ))}
        </nav>
      </header>
      {aboutSections.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-heading`}
          className={`about__section about__section--${index % 2 === 0 ? 'left' : 'right'}`}
        >
          <p className="about__label" aria-hidden="true">
            {String(index + 1).padStart(2, '0')} · {section.label}
          </p>
          <div>
            <h2 id={`${section.id}-heading`}>{section.heading}</h2>
            {section.paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </div>
        </section>
      ))}
      <section className="callout callout--ink" aria-label="Get in touch">
        <h2>Questions, ideas, partnerships?</h2>
        <p>
          Read the <Link to="/faq">FAQ</Link> or <Link to="/contact">contact us</Link> — we reply within{' '}
          {brand.replyWithinHours} hours.
        </p>
      </section>
    </article>
  );
}
