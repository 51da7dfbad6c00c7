import { brand } from '../../brand.ts';
import { list, p, type Policy } from './policy-types.ts';

const n = brand.name;

export const childSafety: Policy = {
  title: 'Child Safety Standards',
  updated: '2026-11-01',
  summary: `${n} is an adults-only service. These standards set out how we keep children off the platform and how we act on any sign of child sexual abuse or exploitation (CSAE).`,
  sections: [
    {
      id: 'adults-only',
      heading: 'Adults only',
      blocks: [
        p(
          `Every ${n} account holder must be 18 or over. We ask for a date of birth at sign-up, refuse accounts that give an age under 18, and close any account we find belongs to a child.`,
        ),
        p(
          'Businesses and promoters must not target events, offers or content at children, and must follow the age rules that apply to their venues.',
        ),
      ],
    },
    {
      id: 'zero-tolerance',
      heading: 'Zero tolerance for abuse',
      blocks: [
        p(
          `${n} prohibits any content or behaviour that sexualises, exploits or endangers children. This includes child sexual abuse material, grooming, sextortion, trafficking and any attempt to contact a minor through the platform.`,
        ),
        list(
          'Such content is removed as soon as we find it.',
          'The accounts involved are closed permanently.',
          'We report it to the relevant authorities, including the National Crime Agency in the UK and NCMEC where applicable, and preserve evidence as the law requires.',
        ),
      ],
    },
    {
      id: 'reporting',
      heading: 'How to report',
      blocks: [
        p(
          `In the app, use the report option on any video, story, profile or message. On the web, use the Report an issue page or email ${brand.supportEmail}. Reports about children are reviewed first, ahead of every other report.`,
        ),
        p('If a child is in immediate danger, call your local emergency number first.'),
      ],
    },
    {
      id: 'moderation',
      heading: 'Moderation and review',
      blocks: [
        p(
          'We combine automated checks with human review. Moderators are trained to recognise signs of abuse and grooming and know how to escalate them. We review these standards at least once a year and after any serious incident.',
        ),
      ],
    },
    {
      id: 'compliance',
      heading: 'Compliance with the law',
      blocks: [
        p(
          `${n} complies with child safety laws in the places where it operates and cooperates with law enforcement in investigations of child abuse.`,
        ),
      ],
    },
    {
      id: 'contact',
      heading: 'Child safety contact',
      blocks: [
        p(
          `Our designated child safety contact can be reached at ${brand.supportEmail} with “Child safety” in the subject line. We reply within ${brand.replyWithinHours} hours, and sooner for urgent reports.`,
        ),
      ],
    },
  ],
};
