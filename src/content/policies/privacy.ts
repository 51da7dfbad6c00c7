import { brand } from '../../brand.ts';
import { list, p, type Policy } from './policy-types.ts';

const n = brand.name;

export const privacy: Policy = {
  title: 'Privacy Policy',
  updated: '2026-11-28',
  summary: `This policy explains what personal data ${n} collects when you use the app, this website and the business dashboard, why we use it, who we share it with and the choices you have.`,
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      blocks: [
        p(
          `${n} runs the ${n} app and website and is the controller of the personal data described here. You can reach us at ${brand.supportEmail}.`,
        ),
        p(
          `${n} is for adults only: you must be 18 or over to use it, and we do not knowingly collect data from anyone under 18. If we learn an account belongs to a child, we close it and delete its data.`,
        ),
      ],
    },
    {
      id: 'what-we-collect',
      heading: 'What we collect',
      blocks: [
        list(
          'Account details: email address, full name, display name, date of birth, gender (optional) and password (stored only as a secure hash).',
          'Profile and content: your photo, bio, videos, stories, tags, comments and saved places.',
          'Business and promoter details: business name, address, category, opening hours, keywords, events and cover images.',
          'Location: your approximate location when you allow it, to show what is near you.',
          'Usage and device data: pages and screens visited, app version, device type, crash reports.',
          'Sign-in records: the network addresses your account signed in from in the last 90 days, so that someone guessing your password from elsewhere cannot lock you out of your own account. Photo location data (EXIF/GPS) is removed from every image you upload before we store it.',
          'Messages to us: what you send through the report form, email or messaging app.',
        ),
        p(
          'Card details are collected by our card payment provider, never by us. We receive only a confirmation of payment and a masked reference.',
        ),
      ],
    },
    {
      id: 'listing-insights',
      heading: 'Insights on public listing pages',
      blocks: [
        p(
          'When someone opens a public event or business page, we add one to that listing’s count for the day, so its organiser can see whether their link or poster is reaching people. We count page views, visitors, visits through the listing’s QR poster, a shared link or one of the organiser’s tagged links, the site that linked to the page (its name only, never the page), “Add to calendar” downloads and “Get tickets” clicks.',
        ),
        list(
          'Only daily totals per listing are stored: a date and a few numbers. Nothing that identifies a visitor is kept with them.',
          'No cookie is set and no network address is stored.',
          'How visitors are counted: the server takes a hash of the network address, the browser’s user agent and the listing, mixed with a random salt that is replaced every day and is never stored (it lives only in the server’s memory). Two visits that give the same hash on the same day are one visitor. The hashes are kept in memory only and forgotten when the day ends, with the salt: nothing that identifies a person survives the day.',
          'How views are counted: every time the page is opened counts as a view, up to 20 a day from one network address for one listing.',
          'Search engines and other robots, link previews, pages a browser loads ahead of time (prefetch and prerender) and organisers or their team members viewing their own listing are not counted.',
          'Only the organiser sees the figures of their own listings. Daily totals are deleted after 400 days, and at once when the listing is deleted.',
        ),
      ],
    },
    {
      id: 'followers',
      heading: 'Following a promoter, venue or event',
      blocks: [
        p(
          'You can follow a promoter or venue, or ask to be reminded of an event, without an account. We keep only what it takes to tell you: the push endpoint your browser gives us (for notifications), or your email address, and what you follow. We write to an address once, to ask you to confirm it, and send nothing else until you have; an address not confirmed within 7 days is deleted, with what it asked to follow. Nothing else about you is kept with it.',
        ),
        p(
          'It is kept until you unfollow (with the Unfollow button or the unsubscribe link in every message), or until the subscription ends — when your browser’s push service tells us the endpoint is gone — and is then deleted. Organisers see only how many followers they have, never who they are.',
        ),
      ],
    },
    {
      id: 'how-we-use',
      heading: 'How we use it',
      blocks: [
        list(
          'To run your account and show you events, venues and people near you (performing our contract with you).',
          'To process bookings and purchases through the payment provider, and payouts to businesses (contract).',
          'To keep the platform safe: verifying email addresses, verifying businesses, detecting fraud and abuse (legitimate interests).',
          'To answer support requests and reports (legitimate interests).',
          'To improve the service with aggregated statistics (legitimate interests).',
          'To send marketing only if you opted in; you can opt out at any time (consent).',
        ),
      ],
    },
    {
      id: 'sharing',
      heading: 'Who we share it with',
      blocks: [
        list(
          'Our card payment provider, which processes payments and runs connected-account onboarding for businesses; it acts under its own privacy policy.',
          'Businesses and promoters you buy from: the details they need to honour your ticket or offer.',
          'Service providers who host our systems, send email and help with support, under contracts that limit their use of your data.',
          'Authorities, when the law requires it or to protect someone’s safety.',
        ),
        p('We do not sell your personal data.'),
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      blocks: [
        p(
          'We keep your data while your account is open. When you delete your account, your account data is deleted within 30 days. Some records, such as payment and tax records, are kept for as long as the law requires and then deleted.',
        ),
        p(
          'Issue reports and support messages are kept for up to two years so we can follow up and spot recurring problems.',
        ),
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      blocks: [
        p(
          'You can ask to access, correct, export or delete your data, object to or restrict how we use it, and withdraw consent you gave. Email us and we will answer within one month. You can also complain to the Information Commissioner’s Office or your local data protection authority.',
        ),
        p('You can delete your account yourself in the app: Settings, Delete Account, then confirm.'),
      ],
    },
    {
      id: 'security',
      heading: 'Security',
      blocks: [
        p(
          'Data travels over encrypted connections, passwords are hashed, access inside the company is limited to the people who need it, and we review our systems regularly. No system is perfectly secure; if a breach affects you, we will tell you as the law requires.',
        ),
      ],
    },
    {
      id: 'storage-on-device',
      heading: 'Storage on your device',
      blocks: [
        p(
          'The website and dashboard store sign-in tokens and unsent changes in your browser so they keep working offline. We do not use advertising cookies. You can clear this storage at any time in your browser settings; you will then need to sign in again.',
        ),
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      blocks: [
        p(
          'When we change this policy we update the date at the top, and we tell you in the app before significant changes take effect.',
        ),
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      blocks: [
        p(
          `Privacy questions or requests: ${brand.supportEmail}, or ${brand.messagingApp} at ${brand.messagingNumber}. We reply within ${brand.replyWithinHours} hours.`,
        ),
      ],
    },
  ],
};
