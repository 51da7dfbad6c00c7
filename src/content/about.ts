/** The About page (product §2): story, users, businesses, society, future, founder. */
import { brand } from '../brand.ts';

export interface AboutSection {
  id: 'story' | 'users' | 'businesses' | 'society' | 'future' | 'founder';
  /** Short label shown above the heading. */
  label: string;
  heading: string;
  paragraphs: readonly string[];
}

const n = brand.name;

export const aboutIntro = `${n} exists because the best things in a city are often the hardest to find: the supper club that only posts on a flyer, the Tuesday jazz in a back room, the run club that meets at seven. We want them one tap away.`;

export const aboutSections: readonly AboutSection[] = [
  {
    id: 'story',
    label: 'Our story',
    heading: 'It started with a Friday night and nowhere to go',
    paragraphs: [
      `Every city has more going on than anyone can see. Listings sites show the big venues; social feeds show what an algorithm picks. The small places — the ones that make a neighbourhood worth living in — stay hidden unless you already know.`,
      `${n} began as a shared spreadsheet of places friends actually liked. It grew into an app where the people running those places show what they do, in their own short videos, on the night they do it.`,
    ],
  },
  {
    id: 'users',
    label: 'For people',
    heading: 'For people who want to get out more',
    paragraphs: [
      `Open ${n} and see what is on around you right now: a set starting in twenty minutes, a market this weekend, a new café on your street. Follow the places and promoters you like, save events for later and use their offers at the door.`,
      `We keep ${n} for adults, and we keep it honest: no paid placements disguised as recommendations, and a verification badge so you know a business is who it says it is.`,
    ],
  },
  {
    id: 'businesses',
    label: 'For businesses',
    heading: 'For the venues and promoters who make cities lively',
    paragraphs: [
      `Independent venues and promoters do the hardest work in culture with the smallest marketing budgets. ${n} gives them a free listing, a simple dashboard that works even on a patchy connection, and a way to reach people nearby on the night it matters.`,
      `When they sell through the app, payments go through our card payment provider straight to the business. ${n} is the platform, not the seller, and takes a platform fee only on what it helps sell.`,
    ],
  },
  {
    id: 'society',
    label: 'For cities',
    heading: 'Busy streets are safer, friendlier streets',
    paragraphs: [
      `Spending an evening in your own neighbourhood keeps money local, keeps small venues open and keeps high streets alive after six. We want ${n} to send people to the places around the corner as readily as to the famous ones across town.`,
      `That also means taking safety seriously: adults-only accounts, real people reading every report, and clear rules for what can be posted.`,
    ],
  },
  {
    id: 'future',
    label: 'What is next',
    heading: 'Where we are going',
    paragraphs: [
      `${n} is in beta today on iPhone and Android. Next come group plans, better recommendations that you can see and adjust, and tools that help venues fill quiet nights, not just busy ones.`,
      `We build in the open with the businesses and promoters who use the dashboard. If you have an idea, we would genuinely like to hear it.`,
    ],
  },
  {
    id: 'founder',
    label: 'From the founder',
    heading: 'A note from the founder',
    paragraphs: [
      `I moved cities three times in five years, and each time it took months to find the places that made it feel like home. The information was out there, scattered across posters, group chats and word of mouth.`,
      `${n} is my attempt to gather it in one place, without burying the small independents under the big names. If you run a venue, promote nights or just love finding new places, thank you for being part of it. Write to me any time — every message reaches the team.`,
    ],
  },
];
