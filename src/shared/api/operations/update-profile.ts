/** `PATCH /auth/profile/` multipart: display_name, bio, optional profile_image → 200 the user (product §7). */
import { apiRoutes } from '../../contract/api-routes.ts';
import { UserSchema, type User } from '../../contract/user.ts';
import type { ApiClient } from '../api-client.ts';
import { appendFile, sendWrite, writeOptions, type WriteOptions, type WriteRequest } from './write-request.ts';

export interface ProfileChanges {
  display_name?: string;
  bio?: string;
}

/** Only the given fields are sent. */
export function updateProfileRequest(changes: ProfileChanges, image?: Blob, options: WriteOptions = {}): WriteRequest {
  const form = new FormData();
  if (changes.display_name !== undefined) form.append('display_name', changes.display_name);
  if (changes.bio !== undefined) form.append('bio', changes.bio);
  if (image) appendFile(form, 'profile_image', image, 'profile-image');
  return { method: 'PATCH', path: apiRoutes.profile, options: { form, ...writeOptions(options) } };
}

export const updateProfileResponse = { schema: UserSchema, what: 'profile update' } as const;

export function updateProfile(
  client: Pick<ApiClient, 'request'>,
  changes: ProfileChanges,
  image?: Blob,
  options: WriteOptions = {},
): Promise<User> {
  return sendWrite(
    client,
    updateProfileRequest(changes, image, options),
    updateProfileResponse.schema,
    updateProfileResponse.what,
  );
}
