/**
 * SEED_DEMO=1 (CONTRACTS §5): makes sure the three demo accounts exist,
 * verified, with password `demo-password-1`. The business owns a business
 * listing and two events; the promoter owns one event; the member is an app
 * user with no dashboard. Idempotent: existing accounts are left as they are.
 */
import type { Db, Queryable } from '../db/client.ts';
import { hashPassword } from './passwords.ts';

export const DEMO_PASSWORD = 'demo-password-1';

interface DemoEvent {
  title: string;
  bio?: string;
  location_name: string;
  latitude: number;
  longitude: number;
  start_date?: string;
  start_time?: string;
  end_date?: string;
  end_time?: string;
  is_recurring?: boolean;
  is_sponsored?: boolean;
  event_type?: string;
  event_subtype?: string;
  keywords?: string[];
  schedule_blocks?: Record<string, { start: string; end: string }[]>;
  days?: string[];
  recurring_start_time?: string;
  recurring_end_time?: string;
}

interface DemoAccount {
  email: string;
  full_name: string;
  display_name: string;
  bio: string;
  user_type: 'business' | 'subpromoter' | 'user';
  events: DemoEvent[];
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

async function insertEvent(tx: Queryable, userId: number, e: DemoEvent): Promise<void> {
  const days = new Set(e.days ?? []);
  await tx.query(
    `INSERT INTO events (user_id, title, bio, location_name, latitude, longitude, start_date, start_time, end_date,
       end_time, is_recurring, is_sponsored, event_type, event_subtype, keywords, schedule_blocks,
       monday, tuesday, wednesday, thursday, friday, saturday, sunday, recurring_start_time, recurring_end_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
       $17, $18, $19, $20, $21, $22, $23, $24, $25)`,
    [
      userId,
      e.title,
      e.bio ?? '',
      e.location_name,
      e.latitude,
      e.longitude,
      e.start_date ?? null,
      e.start_time ?? null,
      e.end_date ?? null,
      e.end_time ?? null,
      e.is_recurring ?? false,
      e.is_sponsored ?? false,
      e.event_type ?? null,
      e.event_subtype ?? null,
      JSON.stringify(e.keywords ?? []),
      JSON.stringify(e.schedule_blocks ?? {}),
      ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => days.has(d)),
      e.recurring_start_time ?? null,
      e.recurring_end_time ?? null,
    ],
  );
}

/** Creates the missing demo accounts; returns the emails it created. */
export async function seedDemo(db: Db): Promise<string[]> {
  const created: string[] = [];
  const wanted = accounts();
  const existing = await db.query<{ email: string }>('SELECT email FROM users WHERE email = ANY($1::text[])', [
    wanted.map((a) => a.email),
  ]);
  if (existing.rows.length === wanted.length) return created;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of wanted) {
    const done = await db.transaction(async (tx) => {
      const inserted = await tx.query<{ id: number }>(
        `INSERT INTO users (email, password_hash, full_name, display_name, bio, is_promoter, user_type, verified_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now()) ON CONFLICT DO NOTHING RETURNING id::int AS id`,
        [
          account.email,
          passwordHash,
          account.full_name,
          account.display_name,
          account.bio,
          account.user_type !== 'user',
          account.user_type,
        ],
      );
      const userId = inserted.rows[0]?.id;
      if (userId === undefined) return false;
      for (const event of account.events) await insertEvent(tx, userId, event);
      return true;
    });
    if (done) created.push(account.email);
  }
  return created;
}
