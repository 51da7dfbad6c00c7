/**
 * The store badges of the download page: Google Play links out; the App Store
 * badge opens the iOS beta steps (TestFlight) in a modal. An island of the
 * prerendered /roamly page (src/components/island.tsx).
 */
import { useState } from 'react';
import { brand } from '../../brand.ts';
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

export function IosBeta() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div className="store-badges">
        <button type="button" className="store-badge" onClick={() => setOpen(true)} aria-haspopup="dialog">
          <img src="/badges/app-store.svg" width="180" height="56" alt="Download on the App Store" />
        </button>
        <a className="store-badge" href={googlePlayUrl} rel="noopener">
          <img src="/badges/google-play.svg" width="180" height="56" alt="Get it on Google Play" />
        </a>
      </div>
      <Dialog open={open} onClose={() => setOpen(false)} label="Install the iOS beta" className="modal">
        <div className="modal__head">
          <h2>Install the iOS beta</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={() => setOpen(false)}>
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
    </>
  );
}
