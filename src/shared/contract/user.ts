import * as v from 'valibot';
import { UserTypeSchema } from './user-types.ts';

/** Gender options of product §3; the empty string means "not given". */
export const GenderSchema = v.picklist(['male', 'female', 'prefer not to say', '']);
/** One gender option. */
export type Gender = v.InferOutput<typeof GenderSchema>;

/** The signed-in user's profile as `GET /api/auth/profile/` returns it. */
export const UserSchema = v.object({
  id: v.number(),
  email: v.string(),
  full_name: v.string(),
  display_name: v.string(),
  bio: v.string(),
  profile_image: v.nullable(v.string()),
  date_of_birth: v.nullable(v.string()),
  gender: GenderSchema,
  is_promoter: v.boolean(),
  user_type: UserTypeSchema,
  /**
   * The name the account's page is at (`/p/{public_name}`): its display name once it
   * holds it, null while another account holds that name. Absent from profiles
   * stored before public names existed.
   */
  public_name: v.optional(v.nullable(v.string())),
});
/** A user profile. */
export type User = v.InferOutput<typeof UserSchema>;

/** Tokens returned by login and verify-email. */
export const TokenPairSchema = v.object({ access: v.string(), refresh: v.string() });
/** An access and a refresh token. */
export type TokenPair = v.InferOutput<typeof TokenPairSchema>;

/** `POST /api/auth/refresh/` → a new access token, and a rotated refresh token. */
export const RefreshResponseSchema = v.object({ access: v.string(), refresh: v.optional(v.string()) });
/** The refresh response. */
export type RefreshResponse = v.InferOutput<typeof RefreshResponseSchema>;
