import { Link } from '../../components/link.tsx';
import { brand } from '../../brand.ts';

/** The illustrative "tonight" board in the hero: invented places, no real businesses. */
const tonight = [
  { time: '19:30', title: 'Vinyl & natural wine', place: 'Basement bar · 0.4 km', tag: 'Drinks', tone: 'sun' },
  { time: '20:00', title: 'Open-mic poetry', place: 'Canal-side café · 1.1 km', tag: 'Arts & Culture', tone: 'teal' },
  { time: '22:30', title: 'Afrobeats till late', place: 'Railway arches · 2.0 km', tag: 'Music', tone: 'coral' },
] as const;

const audiences = [
  {
    id: 'people',
    kicker: 'For people going out',
    heading: 'Tonight, not someday',
    points: [
      'Short videos and stories posted by the venues themselves, so you see the room before you go.',
      'Everything on near you, sorted by what starts next.',
      'Save places, follow promoters and redeem offers at the door with a 4-digit code.',
    ],
    cta: { to: `/${brand.slug}`, label: 'Get the app' },
  },
  {
    id: 'businesses',
    kicker: 'For businesses',
    heading: 'A shop window that opens at night',
    points: [
      'One listing with your category, opening hours, keywords and cover photo.',
      'A verification badge that tells people you are the real thing.',
      'Sell tickets and offers; payouts arrive through our card payment provider.',
    ],
    cta: { to: '/register', label: 'List your business' },
  },
  {
    id: 'promoters',
    kicker: 'For promoters',
    heading: 'No venue? No problem',
    points: [
      'Post events under your own name and pin up to 3 portfolio videos.',
      'Events at a listed venue go live once the venue approves them.',
      'Manage it all from a dashboard that keeps working on a bad signal.',
    ],
    cta: { to: '/register', label: 'Start promoting' },
  },
] as const;

const steps = [
  { title: 'Open the map', text: 'See what is on around you, right now and later this week.' },
  { title: 'Watch, then decide', text: 'Fifteen seconds of video says more than any listing.' },
  { title: 'Go', text: 'Save it, share it with friends, show your code at the door.' },
] as const;

export function Component() {
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-heading">
        <div className="hero__copy">
          <p className="hero__badge">
            <span className="hero__dot" aria-hidden="true" /> Beta now open on iPhone and Android
          </p>
          <h1 id="hero-heading" className="hero__title">
            Find what your city is doing <span className="hero__accent">tonight</span>
          </h1>
          <p className="hero__blurb">
            {brand.name} puts the gigs, supper clubs, markets, run clubs and late-night kitchens around you into one
            feed of short videos — posted by the people who run them.
          </p>
          <div className="actions">
            <Link to={`/${brand.slug}`} className="button button--primary button--large">
              Get the app
            </Link>
            <Link to="/contact" className="button button--ghost button--large">
              Contact us
            </Link>
          </div>
        </div>
        <div className="hero__board" aria-hidden="true">
          <p className="board__head">
            <span>Tonight near you</span>
            <span className="board__live">Live</span>
          </p>
          <ul className="board__list">
            {tonight.map((item) => (
              <li key={item.title} className={`ticket ticket--${item.tone}`}>
                <span className="ticket__time">{item.time}</span>
                <span className="ticket__body">
                  <span className="ticket__title">{item.title}</span>
                  <span className="ticket__place">{item.place}</span>
                </span>
                <span className="ticket__tag">{item.tag}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="marquee" aria-label="What you can find">
        <p>
          Music · Drinks · Food · Marketplace · Social · Sports Club · Arts &amp; Culture · Wellness · Business &amp;
          Learning
        </p>
      </section>

      <section className="audiences" aria-labelledby="audiences-heading">
        <h2 id="audiences-heading" className="section-title">
          One app, three ways in
        </h2>
        <div className="audiences__grid">
          {audiences.map((audience) => (
            <article key={audience.id} className={`audience audience--${audience.id}`}>
              <p className="audience__kicker">{audience.kicker}</p>
              <h3>{audience.heading}</h3>
              <ul>
                {audience.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
              <Link to={audience.cta.to} className="audience__cta">
                {audience.cta.label} <span aria-hidden="true">→</span>
              </Link>
            </article>
          ))}
        </div>
      </section>

      <section className="how" aria-labelledby="how-heading">
        <h2 id="how-heading" className="section-title">
          From sofa to somewhere in three taps
        </h2>
        <ol className="how__steps">
          {steps.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="trust" aria-labelledby="trust-heading">
        <h2 id="trust-heading" className="section-title">
          Built to be trusted
        </h2>
        <ul className="trust__list">
          <li>
            <strong>Adults only.</strong> Every account holder is 18 or over.
          </li>
          <li>
            <strong>Verified businesses.</strong> A badge shows who is really behind a listing.
          </li>
          <li>
            <strong>Secure payments.</strong> Cards are handled by our payment provider, never stored by us.
          </li>
          <li>
            <strong>Real people.</strong> Every report is read, and we reply within {brand.replyWithinHours} hours.
          </li>
        </ul>
      </section>

      <section className="closing" aria-labelledby="closing-heading">
        <h2 id="closing-heading">Run a venue or promote nights?</h2>
        <p>Tell us what you are planning. We will help you set up your listing, your first events and your payouts.</p>
        <div className="actions">
          <Link to="/contact" className="button button--sun button--large">
            Contact the team
          </Link>
          <Link to={`/${brand.slug}`} className="button button--outline-light button--large">
            Get the app
          </Link>
        </div>
      </section>
    </div>
  );
}
