import { UserSchema, type User } from '../contract/user.ts';
import type { ApiClient } from './api-client.ts';
import { parseResponse } from './parse-response.ts';
import { writeHeaders, type WriteOptions } from './write-options.ts';

export interface ProfileChanges {
  display_name?: string;
  bio?: string;
  /** Optional new avatar (SPEC §7: multipart `profile_image`). */
  profile_image?: Blob;
}

/** Builds the multipart body of `PATCH /auth/profile/`; only the given fields are sent. */
export function profileForm(changes: ProfileChanges): FormData {
  const form = new FormData();
  if (changes.display_name !== undefined) form.append('display_name', changes.display_name);
  if (changes.bio !== undefined) form.append('bio', changes.bio);
  if (changes.profile_image) {
    const name = changes.profile_image instanceof File ? changes.profile_image.name : 'profile-image';
    form.append('profile_image', changes.profile_image, name);
  }
  return form;
}

/** `PATCH /auth/profile/` → the updated user. */
export async function updateProfile(
  client: ApiClient,
  changes: ProfileChanges,
  options: WriteOptions = {},
): Promise<User> {
  const { data } = await client.request('PATCH', '/auth/profile/', {
    form: profileForm(changes),
    ...writeHeaders(options),
  });
  return parseResponse(UserSchema, data, 'profile update');
}
