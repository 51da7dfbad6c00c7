/**
 * SEED_DEMO=1 (contract §5): makes sure the three demo accounts exist,
 * verified, with password `demo-password-1`. The business owns a business
 * listing and two events; the promoter owns one event; the member is an app
 * user with no dashboard. Idempotent: existing accounts are left as they are.
 */
import { takeFreePublicName } from './public-names.ts';
import type { Db } from '../db/client.ts';
import { insertSeedEvent, type SeedEvent } from '../db/queries/event-writes.ts';
import { existingEmails, insertVerifiedUser } from '../db/queries/users.ts';
import { hashPassword } from './passwords.ts';

export const DEMO_PASSWORD = 'demo-password-1';

interface DemoAccount {
  email: string;
  full_name: string;
  display_name: string;
  bio: string;
  user_type: 'business' | 'subpromoter' | 'user';
  events: SeedEvent[];
}

/** A date `days` from today, so the demo events are always upcoming. */
function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function accounts(): DemoAccount[] {
  const weekdayBlocks = [{ start: '08:00', end: '18:00' }];
  return [
    {
      email: 'business@example.com',
      full_name: 'Ada Mensah',
      display_name: 'harbour.lights',
      bio: 'A canal-side café and cocktail bar in Camden.',
      user_type: 'business',
      events: [
        {
          title: 'Harbour Lights Café',
          bio: 'Coffee and pastries by day, cocktails and live jazz by night, on the Regent’s Canal.',
          location_name: 'Camden Lock, London, England, GB',
          latitude: 51.5413,
          longitude: -0.1459,
          is_recurring: true,
          event_type: 'drinks',
          event_subtype: 'Cocktail Bar',
          keywords: ['coffee', 'cocktails', 'live jazz', 'canal'],
          schedule_blocks: {
            monday: weekdayBlocks,
            tuesday: weekdayBlocks,
            wednesday: weekdayBlocks,
            thursday: weekdayBlocks,
            friday: [{ start: '08:00', end: '23:00' }],
            saturday: [{ start: '10:00', end: '23:00' }],
          },
          days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
          recurring_start_time: '08:00',
          recurring_end_time: '23:00',
        },
        {
          title: 'Jazz on the Canal',
          bio: 'A trio plays standards on the terrace.',
          location_name: 'Camden Lock, London, England, GB',
          latitude: 51.5413,
          longitude: -0.1459,
          start_date: daysFromNow(7),
          start_time: '19:30',
          end_date: daysFromNow(7),
          end_time: '22:30',
          is_sponsored: true,
          event_type: 'music',
          event_subtype: 'Jazz',
        },
        {
          title: 'Latte Art Workshop',
          bio: 'Learn to pour hearts and rosettes with our baristas.',
          location_name: 'Camden Lock, London, England, GB',
          latitude: 51.5413,
          longitude: -0.1459,
          start_date: daysFromNow(14),
          start_time: '10:00',
          end_date: daysFromNow(14),
          end_time: '12:00',
          event_type: 'business',
          event_subtype: 'Workshop',
        },
      ],
    },
    {
      email: 'promoter@example.com',
      full_name: 'Sam Okafor',
      display_name: 'sam.nights',
      bio: 'Afrobeats and amapiano nights across London.',
      user_type: 'subpromoter',
      events: [
        {
          title: 'Afrobeats Friday',
          bio: 'Two rooms, four DJs, dancing till late.',
          location_name: 'Shoreditch, London, England, GB',
          latitude: 51.5265,
          longitude: -0.0795,
          start_date: daysFromNow(5),
          start_time: '22:00',
          end_date: daysFromNow(6),
          end_time: '03:00',
          event_type: 'music',
          event_subtype: 'Afrobeats',
        },
      ],
    },
    {
      email: 'member@example.com',
      full_name: 'Mia Member',
      display_name: 'mia',
      bio: '',
      user_type: 'user',
      events: [],
    },
  ];
}

/** Creates the missing demo accounts; returns the emails it created. */
export async function seedDemo(db: Db): Promise<string[]> {
  const created: string[] = [];
  const wanted = accounts();
  const existing = await existingEmails(
    db,
    wanted.map((a) => a.email),
  );
  if (existing.length === wanted.length) return created;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of wanted) {
    const done = await db.transaction(async (tx) => {
      const userId = await insertVerifiedUser(tx, {
        email: account.email,
        passwordHash,
        full_name: account.full_name,
        display_name: account.display_name,
        bio: account.bio,
        is_promoter: account.user_type !== 'user',
        user_type: account.user_type,
      });
      if (userId === null) return false;
      await takeFreePublicName(tx, userId, Date.now());
      for (const event of account.events) await insertSeedEvent(tx, userId, event);
      return true;
    });
    if (done) created.push(account.email);
  }
  return created;
}
