import { useState } from 'react';
import { Link } from 'react-router-dom';
import { brand } from '../../brand.ts';
import { InstallApp } from '../../components/install-app.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';

/** Android beta listing; the package id follows the brand slug. */
const googlePlayUrl = `https://play.google.com/store/apps/details?id=com.example.${brand.slug}`;

const iosSteps = [
  'On your iPhone, install TestFlight, Apple’s free app for beta testing, from the App Store.',
  `Email ${brand.supportEmail} with the subject “iOS beta” from the address you use with your Apple ID. We send you an invitation, usually within a day.`,
  'Open the invitation on your iPhone and tap View in TestFlight, then Accept.',
  `Tap Install. ${brand.name} appears on your home screen with an orange dot that marks it as a beta.`,
  'TestFlight tells you when a new beta build is ready; updating keeps your account and saved places.',
];

export function Component() {
  const [iosOpen, setIosOpen] = useState(false);
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
          <div className="badges">
            <button type="button" className="badge" onClick={() => setIosOpen(true)} aria-haspopup="dialog">
              <img src="/badges/app-store.svg" width="180" height="56" alt="Download on the App Store" />
            </button>
            <a className="badge" href={googlePlayUrl} rel="noopener">
              <img src="/badges/google-play.svg" width="180" height="56" alt="Get it on Google Play" />
            </a>
          </div>
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
          <InstallApp />
        </div>
      </section>

      <Dialog open={iosOpen} onClose={() => setIosOpen(false)} label="Install the iOS beta" className="modal">
        <div className="modal__head">
          <h2>Install the iOS beta</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={() => setIosOpen(false)}>
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
              <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <p className="modal__version">
          Beta version <strong>{brand.betaVersion}</strong>
        </p>
        <p>
          {brand.name} for iPhone is available through Apple’s beta-testing programme, TestFlight, while we finish the
          App Store release.
        </p>
        <ol className="modal__steps">
          {iosSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <div className="actions">
          <a className="button button--primary" href={`mailto:${brand.supportEmail}?subject=iOS%20beta`}>
            Request an invitation
          </a>
        </div>
      </Dialog>
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
