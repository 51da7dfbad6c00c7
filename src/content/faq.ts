/**
 * The FAQ of the public site (product §2 and the app claims of product §5). Written
 * as data so the FAQ page can search it and the tests can count it.
 */
import { brand } from '../brand.ts';

/** One question and its answer; `topic` groups the suggestions under the search box. */
export interface FaqEntry {
  question: string;
  answer: string;
  topic: FaqTopic;
}

export type FaqTopic =
  'Getting started' | 'Videos and profiles' | 'Events and offers' | 'Businesses' | 'Account and safety';

const n = brand.name;

export const faqEntries: readonly FaqEntry[] = [
  {
    topic: 'Getting started',
    question: `What is ${n}?`,
    answer: `${n} is a city-discovery app. It shows you what is on near you — events, venues, promoters and communities — through short videos and stories posted by the people who run them.`,
  },
  {
    topic: 'Getting started',
    question: `Where can I download ${n}?`,
    answer: `The app is in beta. On iPhone you join through Apple's beta-testing programme; on Android you install it from Google Play. Both links and the install steps are on our download page.`,
  },
  {
    topic: 'Getting started',
    question: `Does ${n} cost anything?`,
    answer: `Browsing and following places is free. When you buy a ticket or an offer, the price is set by the business selling it, and a platform fee may be included; you always see the total before you pay.`,
  },
  {
    topic: 'Getting started',
    question: `How old do I have to be to use ${n}?`,
    answer: `You must be 18 or over. ${n} lists nightlife, bars and other adult venues, so we do not allow anyone under 18 to hold an account.`,
  },
  {
    topic: 'Getting started',
    question: 'Which cities are covered?',
    answer: `Any city where businesses and promoters have listed something. Coverage grows as venues join, so if your favourite place is missing, tell them about ${n}.`,
  },
  {
    topic: 'Videos and profiles',
    question: 'How many tags can I add to a video?',
    answer:
      'Up to 8 tags per video. Tags help people find your video when they search for a style, a neighbourhood or a kind of night out.',
  },
  {
    topic: 'Videos and profiles',
    question: 'How many videos can I pin to my portfolio?',
    answer:
      'You can pin up to 3 portfolio videos to your profile. They are the first thing visitors see, so choose the ones that show you best.',
  },
  {
    topic: 'Videos and profiles',
    question: 'What is the difference between a video and a story?',
    answer:
      'Videos stay on your profile until you delete them. Stories are short updates for right now — tonight’s line-up, a last-minute table — and disappear on their own.',
  },
  {
    topic: 'Videos and profiles',
    question: 'Can I change my display name?',
    answer:
      'Yes, from your profile. A display name can use letters, numbers, dots and underscores, and spaces are removed as you type.',
  },
  {
    topic: 'Events and offers',
    question: 'How do coupon codes work?',
    answer:
      'Businesses can publish offers with a 4-digit coupon code. Show or enter the code at the venue to redeem the offer; each code only works for the offer it belongs to.',
  },
  {
    topic: 'Events and offers',
    question: 'Who sells the tickets I buy in the app?',
    answer: `The business or promoter running the event does. ${n} is the platform that connects you and is not the seller. Card payments are handled by our payment provider.`,
  },
  {
    topic: 'Events and offers',
    question: 'How do I get a refund?',
    answer: `Refunds are the responsibility of the business that sold you the ticket or offer, so contact them first. If you cannot reach them, write to us and we will help you get in touch.`,
  },
  {
    topic: 'Events and offers',
    question: 'Can I save events for later?',
    answer:
      'Yes. Save an event or a venue and it appears in your saved list, with a reminder before the event starts if you turn reminders on.',
  },
  {
    topic: 'Businesses',
    question: 'How do I list my business?',
    answer: `Register on this website as a Business, confirm your email with the 4-digit code we send, then add your business listing from the dashboard: name, address, category, opening hours and a cover photo.`,
  },
  {
    topic: 'Businesses',
    question: 'How does business verification work?',
    answer:
      'Businesses can request verification from the dashboard. Once we have confirmed that you run the place, your listing shows a verification badge so people know it is really you.',
  },
  {
    topic: 'Businesses',
    question: 'I am a promoter without a venue. Can I still post events?',
    answer: `Yes. Register as a Promoter to list your events. If you hold an event at a venue that is already on ${n}, that venue may need to approve it before it appears.`,
  },
  {
    topic: 'Businesses',
    question: 'How do businesses get paid?',
    answer:
      'Payments and payouts go through our card payment provider. Businesses complete the provider’s connected-account onboarding once, and sales are paid out to that account minus the platform fee.',
  },
  {
    topic: 'Businesses',
    question: 'How many keywords can my business have?',
    answer:
      'Up to 15 keywords, each up to 15 characters. They are stored in lower case and help people who search for what you offer.',
  },
  {
    topic: 'Businesses',
    question: 'Can I manage my listing when my connection is poor?',
    answer:
      'Yes. The dashboard keeps working offline: changes you make are saved on your device and sent, once each, as soon as you are back online.',
  },
  {
    topic: 'Account and safety',
    question: 'How do I delete my account?',
    answer:
      'In the app, open Settings, choose Delete Account and confirm. Deletion cannot be undone, and your account data is deleted within 30 days.',
  },
  {
    topic: 'Account and safety',
    question: 'What happens to my data when I delete my account?',
    answer:
      'Your profile, videos, stories and saved places are removed, and your account data is deleted within 30 days. Records we must keep by law, such as payment records, are kept only as long as required.',
  },
  {
    topic: 'Account and safety',
    question: 'How do I report a problem or unsafe content?',
    answer: `Use the report option on any video, story or profile in the app, or send us a report from the Report an issue page. A person reads every report, and we reply within ${brand.replyWithinHours} hours.`,
  },
  {
    topic: 'Account and safety',
    question: 'How fast does support reply?',
    answer: `We reply within ${brand.replyWithinHours} hours, by email at ${brand.supportEmail} or on ${brand.messagingApp}.`,
  },
];
