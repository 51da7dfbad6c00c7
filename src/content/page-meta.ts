/**
 * Title and description of every public route. Titles ship to the browser (the
 * layout sets document.title on client navigation); descriptions are read only
 * by the prerenderer, so they live in a separate map that the client bundle
 * tree-shakes away.
 */
import { brand } from '../brand.ts';

export interface PageMeta {
  title: string;
  description: string;
}

const download = `/${brand.slug}`;

export const pageTitles: Record<string, string> = {
  '/': `${brand.name} — ${brand.tagline}`,
  [download]: `Get the ${brand.name} app — iOS and Android beta`,
  '/about': `About ${brand.name}`,
  '/faq': `${brand.name} FAQ — questions and answers`,
  '/privacy': `Privacy Policy — ${brand.name}`,
  '/terms': `Terms of Service — ${brand.name}`,
  '/child-safety': `Child Safety Standards — ${brand.name}`,
  '/delete': `Delete your account — ${brand.name}`,
  '/contact': `Contact ${brand.name}`,
  '/issue': `Report an issue — ${brand.name}`,
};

const pageDescriptions: Record<string, string> = {
  '/': `${brand.name} shows you the events, venues, promoters and communities around you, and gives businesses and promoters a simple dashboard to list them.`,
  [download]: `Join the ${brand.name} beta on iPhone through the beta-testing programme or on Android through Google Play.`,
  '/about': `Why we are building ${brand.name}: for people who go out, for the businesses and promoters who make cities lively, and for the places we live.`,
  '/faq': `Answers about accounts, events, videos, coupons, business verification, payments and privacy in ${brand.name}.`,
  '/privacy': `What ${brand.name} collects, why, who we share it with, how long we keep it and the rights you have.`,
  '/terms': `The rules for using ${brand.name}: eligibility, accounts, listings, payments, refunds, liability and disputes.`,
  '/child-safety': `${brand.name} is for adults only. How we keep children off the platform and act on any report of child abuse.`,
  '/delete': `How to delete your ${brand.name} account from the app, and what happens to your data within 30 days.`,
  '/contact': `Email or message the ${brand.name} team. We reply within ${brand.replyWithinHours} hours.`,
  '/issue': `Tell us about a problem with ${brand.name}. A person reads every report.`,
};

/** The routes rendered to static HTML at build and precached for offline reading. */
export const prerenderPaths = Object.keys(pageTitles);

export function metaFor(path: string): PageMeta {
  const title = pageTitles[path];
  const description = pageDescriptions[path];
  return title && description ? { title, description } : { title: brand.name, description: brand.description };
}
