/** The recurring-day checkboxes Monday … Sunday (contract §9), as one group. */
import { WEEKDAYS, WEEKDAY_LABELS, type RecurringDays } from './weekdays.ts';

interface WeekdayPickerProps {
  legend: string;
  value: RecurringDays;
  onChange: (days: RecurringDays) => void;
}

export function WeekdayPicker({ legend, value, onChange }: WeekdayPickerProps) {
  return (
    <fieldset className="weekday-picker">
      <legend className="field__label">{legend}</legend>
      <div className="weekday-picker__days">
        {WEEKDAYS.map((day) => (
          <label key={day} className="weekday-picker__day">
            <input
              type="checkbox"
              checked={value[day]}
              onChange={(event) => onChange({ ...value, [day]: event.target.checked })}
            />
            <span>{WEEKDAY_LABELS[day]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
