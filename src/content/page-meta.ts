import { brand } from '../brand.ts';

/** Title and description of every public route, used by the prerenderer and the client. */
export interface PageMeta {
  title: string;
  description: string;
}

const download = `/${brand.slug}`;

export const pageMeta: Record<string, PageMeta> = {
  '/': {
    title: `${brand.name} — ${brand.tagline}`,
    description: `${brand.name} shows you the events, venues, promoters and communities around you, and gives businesses and promoters a simple dashboard to list them.`,
  },
  [download]: {
    title: `Get the ${brand.name} app — iOS and Android beta`,
    description: `Join the ${brand.name} beta on iPhone through the beta-testing programme or on Android through Google Play.`,
  },
  '/about': {
    title: `About ${brand.name}`,
    description: `Why we are building ${brand.name}: for people who go out, for the businesses and promoters who make cities lively, and for the places we live.`,
  },
  '/faq': {
    title: `${brand.name} FAQ — questions and answers`,
    description: `Answers about accounts, events, videos, coupons, business verification, payments and privacy in ${brand.name}.`,
  },
  '/privacy': {
    title: `Privacy Policy — ${brand.name}`,
    description: `What ${brand.name} collects, why, who we share it with, how long we keep it and the rights you have.`,
  },
  '/terms': {
    title: `Terms of Service — ${brand.name}`,
    description: `The rules for using ${brand.name}: eligibility, accounts, listings, payments, refunds, liability and disputes.`,
  },
  '/child-safety': {
    title: `Child Safety Standards — ${brand.name}`,
    description: `${brand.name} is for adults only. How we keep children off the platform and act on any report of child abuse.`,
  },
  '/delete': {
    title: `Delete your account — ${brand.name}`,
    description: `How to delete your ${brand.name} account from the app, and what happens to your data within 30 days.`,
  },
  '/contact': {
    title: `Contact ${brand.name}`,
    description: `Email or message the ${brand.name} team. We reply within ${brand.replyWithinHours} hours.`,
  },
  '/issue': {
    title: `Report an issue — ${brand.name}`,
    description: `Tell us about a problem with ${brand.name}. A person reads every report.`,
  },
};

/** The routes rendered to static HTML at build and precached for offline reading. */
export const prerenderPaths = Object.keys(pageMeta);

export function metaFor(path: string): PageMeta {
  return pageMeta[path] ?? { title: brand.name, description: brand.description };
}
