/**
 * `PATCH /api/auth/profile/` multipart text fields (product §7). The image travels
 * as the file field `profile_image`. Every field is optional; absent means
 * unchanged.
 */
import * as v from 'valibot';
import { DisplayNameSchema } from './auth.ts';
import { DateSchema, emptyAsNull } from './formats.ts';
import { multiLine, singleLine } from './text.ts';
import { GenderSchema } from './user.ts';

/** Profile fields a user may change. */
export const ProfileUpdateFieldsSchema = v.object({
  display_name: v.optional(DisplayNameSchema),
  bio: v.optional(
    v.pipe(
      v.string('The bio is text.'),
      v.trim(),
      multiLine(),
      v.maxLength(2000, 'Keep the bio under 2000 characters.'),
    ),
  ),
  full_name: v.optional(
    v.pipe(v.string('Full name is text.'), v.trim(), singleLine(), v.maxLength(150, 'That name is too long.')),
  ),
  gender: v.optional(GenderSchema),
  date_of_birth: v.optional(emptyAsNull(DateSchema)),
});
/** Parsed profile update fields. */
export type ProfileUpdateFields = v.InferOutput<typeof ProfileUpdateFieldsSchema>;
