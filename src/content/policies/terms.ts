import { brand } from '../../brand.ts';
import { list, p, type Policy } from './policy-types.ts';

const n = brand.name;

export const terms: Policy = {
  title: 'Terms of Service',
  updated: '2026-11-01',
  summary: `These terms are the agreement between you and ${n} when you use the ${n} app, this website or the business dashboard. Please read them; by creating an account or using ${n} you accept them.`,
  sections: [
    {
      id: 'who-can-use',
      heading: `Who can use ${n}`,
      blocks: [
        p(
          `${n} is for adults only. You must be at least 18 years old to create an account or use any part of the service. By signing up you confirm that you are 18 or over.`,
        ),
        p(
          'You need to give accurate details when you register and keep them up to date. One person may hold one personal account; a business or promoter account must be run by someone entitled to act for that business.',
        ),
      ],
    },
    {
      id: 'accounts',
      heading: 'Your account',
      blocks: [
        p(
          'Keep your password to yourself. You are responsible for what happens under your account until you tell us it has been misused.',
        ),
        p(
          `You can delete your account at any time from Settings in the app (Settings, then Delete Account, then confirm). Deletion is permanent, and your account data is deleted within 30 days, apart from records we must keep by law.`,
        ),
      ],
    },
    {
      id: 'our-role',
      heading: `What ${n} is — and is not`,
      blocks: [
        p(
          `${n} is a platform that helps people discover events, venues, promoters and communities. When you buy a ticket, a table or an offer, you buy it from the business or promoter that listed it. ${n} is the platform, not the seller, and is not a party to that sale.`,
        ),
        p(
          'Businesses and promoters are responsible for their listings, for running what they advertise and for complying with the law that applies to them, including licensing, safety and consumer law.',
        ),
      ],
    },
    {
      id: 'payments',
      heading: 'Payments, fees and payouts',
      blocks: [
        p(
          `Card payments and payouts are processed by our card payment provider, not by ${n}. Your card details go to the provider and are never stored by us.`,
        ),
        p(
          'Businesses and promoters who sell through the app complete the provider’s connected-account onboarding before they can receive money. The provider may ask for identity and bank details and has its own terms, which you accept when you onboard.',
        ),
        p(
          `${n} charges a platform fee on sales made through the app. The fee is shown to the business before it starts selling, and may be included in the price a customer sees.`,
        ),
      ],
    },
    {
      id: 'refunds',
      heading: 'Refunds and cancellations',
      blocks: [
        p(
          'Refunds are the responsibility of the business or promoter that sold the ticket or offer. Their own refund policy applies, alongside your legal rights.',
        ),
        p(
          `If an event is cancelled, the seller must tell buyers and deal with refunds. If you cannot reach the seller, contact us and we will try to put you in touch; we may suspend sellers who ignore refund requests.`,
        ),
      ],
    },
    {
      id: 'listings',
      heading: 'Listings, events and venue approval',
      blocks: [
        p(
          'Business accounts need a physical business address. A business account has one business listing, with its category, opening hours and keywords.',
        ),
        p(
          `Promoters (sub-promoters) can list events without owning a venue. When a promoter lists an event at a venue that already has a listing on ${n}, that venue may need to approve the event before it is published or linked to the venue.`,
        ),
        list(
          'Listings must be accurate: real dates, real prices, real places.',
          'Photos and videos must be yours or used with permission.',
          'Offers with coupon codes must be honoured as described.',
        ),
      ],
    },
    {
      id: 'content',
      heading: 'What you post',
      blocks: [
        p(
          `You keep ownership of the videos, stories, photos and text you post. You give ${n} a worldwide, non-exclusive, royalty-free licence to host, show and share that content within the service and to promote the service, for as long as it stays on ${n}.`,
        ),
        p(
          'Do not post anything illegal, hateful, sexual involving minors, violent, misleading or that infringes someone else’s rights. We may remove content and suspend accounts that break these rules, and we report illegal content to the authorities where required.',
        ),
      ],
    },
    {
      id: 'liability',
      heading: 'Our liability',
      blocks: [
        p(
          `We work hard to keep ${n} available and accurate, but the service is provided as it is. We are not responsible for events, venues or offers run by businesses and promoters, or for losses caused by their acts.`,
        ),
        p(
          `To the extent the law allows, ${n}’s total liability to you for any claim arising from these terms or the service is limited to the greater of £100 or the fees you paid to ${n} in the six months before the claim arose.`,
        ),
        p(
          'Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for anything else that cannot be limited by law.',
        ),
      ],
    },
    {
      id: 'disputes',
      heading: 'Resolving disputes',
      blocks: [
        p(
          `If you have a complaint about ${n}, contact us first at ${brand.supportEmail}. We will try to resolve it informally, and both of us agree to give that informal process 30 days before starting any formal proceedings.`,
        ),
        p(
          'These terms are governed by the law of England and Wales. If you live elsewhere in the UK or in the EU, you also keep the protection of the mandatory laws of the place where you live and can bring proceedings there.',
        ),
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      blocks: [
        p(
          'We may update these terms as the service grows. For significant changes we will tell you in the app or by email before they take effect. The date at the top of this page shows the latest version.',
        ),
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      blocks: [
        p(
          `Questions about these terms: write to ${brand.supportEmail} or message us on ${brand.messagingApp} at ${brand.messagingNumber}. We reply within ${brand.replyWithinHours} hours.`,
        ),
      ],
    },
  ],
};
