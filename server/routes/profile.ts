/**
 * The signed-in user's profile (product §7): GET, and PATCH as multipart with
 * display_name, bio and an optional profile_image (JSON bodies work too).
 * PATCHes count against the account's write limit; the image against its
 * storage quota, and the photo it replaces (or the new one, when the update
 * fails) is removed.
 */
import { Hono } from 'hono';
import { apiRoutes } from '../../src/shared/contract/api-routes.ts';
import { ProfileUpdateFieldsSchema } from '../../src/shared/contract/profile.ts';
import { UserSchema } from '../../src/shared/contract/user.ts';
import type { ApiContext, ApiEnv, Services } from '../context.ts';
import { profileJson, updateProfile } from '../db/queries/profile.ts';
import { requireAdult } from '../http/adult-only.ts';
import { ApiError } from '../http/problem.ts';
import { mediaBase } from '../http/urls.ts';
import { callerOf } from '../http/auth.ts';
import { route } from '../http/route.ts';
import { discardImage, storeImage } from '../services/image-ledger.ts';
import { acceptImage } from '../services/image-store.ts';
import { renamePublicly } from '../services/public-names.ts';
import { countWrite } from '../services/write-policy.ts';

export function profileRoutes(services: Services): Hono<ApiEnv> {
  const { db, images, config, clock, writePolicy } = services;
  const ledger = { db, images, clock };
  const router = new Hono<ApiEnv>();

  async function respond(c: ApiContext, userId: number) {
    const body = await profileJson(db, userId, mediaBase(config));
    if (!body) throw new ApiError(401, 'Your account no longer exists. Please log in again.');
    return c.body(body, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'private, no-cache' });
  }

  router.get(
    apiRoutes.profile,
    route({
      tag: 'profile',
      summary: 'The signed-in user.',
      auth: 'bearer',
      team: 'manager',
      responses: { 200: { description: 'The user.', schema: UserSchema } },
    }),
    async (c) => respond(c, callerOf(c).userId),
  );

  router.patch(
    apiRoutes.profile,
    route({
      tag: 'profile',
      summary: 'Change profile fields; the image travels as the file field profile_image.',
      auth: 'bearer',
      team: 'manager',
      body: 'upload',
      idempotent: true,
      form: { fields: ProfileUpdateFieldsSchema, files: ['profile_image'] },
      responses: { 200: { description: 'The updated user.', schema: UserSchema } },
      errors: [429],
    }),
    async (c) => {
      const user = callerOf(c);
      await countWrite(db, writePolicy, user.userId, clock.now());
      const form = c.req.valid('form');
      const { fields } = form;
      requireAdult(fields.date_of_birth, services.clock.now());
      const file = form.files.profile_image;
      const image = file ? await acceptImage(file) : null;

      const newImage = image ? await storeImage(ledger, writePolicy.imageBytesPerAccount, user.userId, image) : null;
      let old: string | null;
      try {
        old = await db.transaction(async (tx) => {
          await renamePublicly(tx, user.userId, fields.display_name, clock.now());
          return updateProfile(tx, user.userId, fields, newImage);
        });
      } catch (error) {
        await discardImage(ledger, newImage);
        throw error;
      }
      if (newImage && old && old !== newImage) await discardImage(ledger, old);
      return respond(c, user.userId);
    },
  );

  return router;
}
