/**
 * The signed-in user's profile (SPEC §7): GET, and PATCH as multipart with
 * display_name, bio and an optional profile_image (JSON bodies work too).
 * PATCHes count against the account's write limit; the image against its
 * storage quota, and the photo it replaces (or the new one, when the update
 * fails) is removed.
 */
import { Hono } from 'hono';
import { ProfileUpdateFieldsSchema } from '../../src/shared/contract/profile.ts';
import type { ApiContext, ApiEnv, Services } from '../context.ts';
import { requireAdult } from '../http/adult-only.ts';
import { requireUser } from '../http/auth.ts';
import { readForm } from '../http/multipart.ts';
import { ApiError } from '../http/problem.ts';
import { mediaBase } from '../http/urls.ts';
import { validate } from '../http/validation.ts';
import { discardImage, storeImage } from '../services/image-ledger.ts';
import { acceptImage } from '../services/image-store.ts';
import { profileJson } from '../services/users.ts';
import { countWrite } from '../services/write-policy.ts';

const columns = ['display_name', 'bio', 'full_name', 'gender', 'date_of_birth'] as const;

export function profileRoutes(services: Services): Hono<ApiEnv> {
  const { db, images, config, clock, writePolicy } = services;
  const ledger = { db, images, clock };
  const router = new Hono<ApiEnv>();

  async function respond(c: ApiContext, userId: number) {
    const body = await profileJson(db, userId, mediaBase(config));
    if (!body) throw new ApiError(401, 'Your account no longer exists. Please log in again.');
    return c.body(body, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'private, no-cache' });
  }

  router.get('/profile/', async (c) => respond(c, requireUser(c).userId));

  router.patch('/profile/', async (c) => {
    const user = requireUser(c);
    await countWrite(db, writePolicy, user.userId, clock.now());
    const form = await readForm(c);
    const fields = validate(ProfileUpdateFieldsSchema, form.fields);
    requireAdult(fields.date_of_birth, services.clock.now());
    const file = form.files.profile_image;
    const image = file ? await acceptImage(file) : null;

    const sets: string[] = [];
    const params: unknown[] = [user.userId];
    for (const column of columns) {
      const value = fields[column];
      if (value === undefined) continue;
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    }
    let newImage: string | null = null;
    if (image) {
      newImage = await storeImage(ledger, writePolicy.imageBytesPerAccount, user.userId, image);
      params.push(newImage);
      sets.push(`profile_image = $${params.length}`);
    }
    if (sets.length) {
      let old: string | null | undefined;
      try {
        const result = await db.query<{ old_image: string | null }>(
          `UPDATE users u SET ${sets.join(', ')} FROM users old
            WHERE u.id = $1 AND old.id = u.id RETURNING old.profile_image AS old_image`,
          params,
        );
        old = result.rows[0]?.old_image;
      } catch (error) {
        await discardImage(ledger, newImage);
        throw error;
      }
      if (newImage && old && old !== newImage) await discardImage(ledger, old);
    }
    return respond(c, user.userId);
  });

  return router;
}
