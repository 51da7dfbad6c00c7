/**
 * The weekly part of a listing (product §7's recurring follow-up): the days and
 * the opening and closing times, shared by the event editor and the business
 * form, with the fields it sends.
 */
import type { EventFieldValue } from '../../shared/contract/event.ts';
import { weekdays } from '../../shared/contract/schedule.ts';
import { Field } from '../ui/field.tsx';
import { WeekdayPicker } from '../weekday-picker.tsx';
import type { RecurringDays } from '../weekdays.ts';

export interface WeeklyValues {
  days: RecurringDays;
  recurring_start_time: string;
  recurring_end_time: string;
}

/** is_recurring, the seven day booleans, opening and closing times. */
export function weeklyFields(values: WeeklyValues): Record<string, EventFieldValue> {
  const fields: Record<string, EventFieldValue> = { is_recurring: true };
  for (const day of weekdays) fields[day] = values.days[day];
  fields.recurring_start_time = values.recurring_start_time;
  fields.recurring_end_time = values.recurring_end_time;
  return fields;
}

export function WeeklyFields({
  values,
  change,
}: {
  values: WeeklyValues;
  change: (next: Partial<WeeklyValues>) => void;
}) {
  return (
    <>
      <WeekdayPicker legend="Days" value={values.days} onChange={(days) => change({ days })} />
      <div className="field-grid">
        <TimeInput label="Opening time" name="recurring_start_time" values={values} change={change} />
        <TimeInput label="Closing time" name="recurring_end_time" values={values} change={change} />
      </div>
    </>
  );
}

function TimeInput(props: {
  label: string;
  name: 'recurring_start_time' | 'recurring_end_time';
  values: WeeklyValues;
  change: (next: Partial<WeeklyValues>) => void;
}) {
  const { label, name, values, change } = props;
  return (
    <Field label={label}>
      {(c) => <input {...c} type="time" value={values[name]} onChange={(e) => change({ [name]: e.target.value })} />}
    </Field>
  );
}
