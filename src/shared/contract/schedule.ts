/**
 * Weekdays and opening-hours shapes (contract §8): recurring day booleans
 * `monday` … `sunday`, and `schedule_blocks` as
 * `{"monday": [{"start": "09:00", "end": "17:00"}], …}` (days may be missing or empty).
 */
import * as v from 'valibot';
import { TimeInputSchema, TimeSchema } from './formats.ts';

/** Weekday keys in calendar order, Monday first. */
export const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
/** One weekday key. */
export type Weekday = (typeof weekdays)[number];

/** Labels shown for the weekday controls (contract §9: Monday … Sunday). */
export const weekdayLabels: Readonly<Record<Weekday, string>> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** At most this many opening blocks per day. */
export const MAX_BLOCKS_PER_DAY = 6;

/** One opening block as stored and returned. A block may cross midnight (22:00–03:00). */
export const ScheduleBlockSchema = v.object({ start: TimeSchema, end: TimeSchema });
/** One opening block. */
export type ScheduleBlock = v.InferOutput<typeof ScheduleBlockSchema>;

const blockList = v.array(ScheduleBlockSchema);

/** Opening blocks per weekday, as returned. */
export const ScheduleBlocksSchema = v.object({
  monday: v.optional(blockList),
  tuesday: v.optional(blockList),
  wednesday: v.optional(blockList),
  thursday: v.optional(blockList),
  friday: v.optional(blockList),
  saturday: v.optional(blockList),
  sunday: v.optional(blockList),
});
/** Opening blocks per weekday. */
export type ScheduleBlocks = v.InferOutput<typeof ScheduleBlocksSchema>;

const blockInput = v.pipe(
  v.strictObject({ start: TimeInputSchema, end: TimeInputSchema }, 'Each opening block needs a start and an end time.'),
  v.check((block) => block.start !== block.end, 'An opening block must end at a different time than it starts.'),
);

const blockInputList = v.optional(
  v.pipe(
    v.array(blockInput, 'Opening blocks for a day are a list.'),
    v.maxLength(MAX_BLOCKS_PER_DAY, `Use at most ${MAX_BLOCKS_PER_DAY} opening blocks per day.`),
  ),
);

/** Opening blocks as sent: unknown days are rejected, times normalised to HH:MM. */
export const ScheduleBlocksInputSchema = v.strictObject(
  {
    monday: blockInputList,
    tuesday: blockInputList,
    wednesday: blockInputList,
    thursday: blockInputList,
    friday: blockInputList,
    saturday: blockInputList,
    sunday: blockInputList,
  },
  'Opening hours must be an object of weekdays (monday … sunday).',
);
