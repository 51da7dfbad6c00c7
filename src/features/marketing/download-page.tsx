import { Link } from '../../components/link.tsx';
import { brand } from '../../brand.ts';
import { InstallApp } from '../../components/install-app.tsx';
import { Island } from '../../components/island.tsx';
import { IosBeta } from './ios-beta.tsx';

export function Component() {
  return (
    <article className="page download">
      <div className="download__top">
        <div className="download__hero">
          <p className="eyebrow">Get the app</p>
          <h1>{brand.name} for iPhone and Android</h1>
          <p className="lede">
            Short videos of what is on near you, saved places, offers and tickets — in your pocket. Join the beta and
            help shape what comes next.
          </p>
          <div className="notice" role="note">
            <span className="notice__tag">In development</span>
            <p>
              {brand.name} is still being built. The apps are beta releases: expect new features every few weeks and the
              occasional rough edge. <Link to="/issue">Tell us</Link> when something breaks.
            </p>
          </div>
          <Island name="ios-beta">
            <IosBeta />
          </Island>
          <p className="download__version">
            Current beta: <strong>{brand.betaVersion}</strong>
          </p>
        </div>
        <PhonePreview />
      </div>

      <section className="download__web" aria-labelledby="web-heading">
        <h2 id="web-heading">Run a business or promote events?</h2>
        <p>
          You do not need the phone app to manage your listing. The web dashboard works in any modern browser, installs
          to your home screen and keeps working offline — changes are sent when you are back online.
        </p>
        <div className="actions">
          <Link to="/register" className="button button--ghost">
            Create a business account
          </Link>
          <Island name="install-app" wake="load">
            <InstallApp />
          </Island>
        </div>
      </section>
    </article>
  );
}

/** Decorative: the app's video feed as a phone outline, drawn in CSS. */
function PhonePreview() {
  return (
    <div className="phone" aria-hidden="true">
      <div className="phone__screen">
        <p className="phone__bar">
          <span>{brand.name}</span>
          <span className="phone__chip">Near me</span>
        </p>
        <div className="phone__video">
          <span className="phone__play" />
          <span className="phone__caption">Sunday supper club · 7 pm</span>
        </div>
        <div className="phone__row">
          <span className="phone__tag">#food</span>
          <span className="phone__tag">#supperclub</span>
          <span className="phone__tag">#eastside</span>
        </div>
        <div className="phone__offer">
          <span>Offer code</span>
          <strong>4821</strong>
        </div>
      </div>
    </div>
  );
}
