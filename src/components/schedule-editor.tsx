/**
 * Weekly opening hours as `schedule_blocks` (contract §8): per weekday a list
 * of {start, end} blocks, several per day (a lunch break is two blocks). A day
 * can be copied onto any other days. Controls use short day names so that the
 * recurring-day checkboxes stay the only controls named "Monday" … "Sunday".
 */
import { useId, useState } from 'react';
import type { ScheduleBlock } from '../shared/contract/schedule.ts';
import { WEEKDAYS, WEEKDAY_LABELS, WEEKDAY_SHORT, type Weekday } from './weekdays.ts';

/** One block of opening hours (`HH:MM`). */
export type TimeBlock = Readonly<ScheduleBlock>;
/** Editable `schedule_blocks`: per weekday, a list of blocks (days may be missing). */
export type ScheduleBlocks = Partial<Record<Weekday, readonly TimeBlock[]>>;

const NEW_BLOCK: TimeBlock = { start: '09:00', end: '17:00' };

/** Adds a block after the day's last one (starting where it ended, when it can). */
export function addBlock(schedule: ScheduleBlocks, day: Weekday): ScheduleBlocks {
  const blocks = schedule[day] ?? [];
  const last = blocks[blocks.length - 1];
  const next =
    last && last.end < '22:00' ? { start: last.end, end: last.end < '21:00' ? '22:00' : '23:59' } : NEW_BLOCK;
  return { ...schedule, [day]: [...blocks, next] };
}

export function updateBlock(schedule: ScheduleBlocks, day: Weekday, index: number, block: TimeBlock): ScheduleBlocks {
  return { ...schedule, [day]: (schedule[day] ?? []).map((old, i) => (i === index ? block : old)) };
}

export function removeBlock(schedule: ScheduleBlocks, day: Weekday, index: number): ScheduleBlocks {
  return { ...schedule, [day]: (schedule[day] ?? []).filter((_, i) => i !== index) };
}

/** Replaces the blocks of every target day with a copy of the source day's blocks. */
export function copyDay(schedule: ScheduleBlocks, from: Weekday, to: readonly Weekday[]): ScheduleBlocks {
  const source = schedule[from] ?? [];
  const next: ScheduleBlocks = { ...schedule };
  for (const day of to) if (day !== from) next[day] = source.map((block) => ({ ...block }));
  return next;
}

/** Drops empty days, so the server gets only days with hours. */
export function compactSchedule(schedule: ScheduleBlocks): ScheduleBlocks {
  const compact: ScheduleBlocks = {};
  for (const day of WEEKDAYS) {
    const blocks = schedule[day];
    if (blocks && blocks.length > 0) compact[day] = blocks;
  }
  return compact;
}

interface ScheduleEditorProps {
  value: ScheduleBlocks;
  onChange: (schedule: ScheduleBlocks) => void;
}

export function ScheduleEditor({ value, onChange }: ScheduleEditorProps) {
  return (
    <fieldset className="schedule-editor">
      <legend className="field__label">Weekly hours</legend>
      <p className="field__hint">Add one or more blocks of hours per day, e.g. lunch and dinner.</p>
      {WEEKDAYS.map((day) => (
        <ScheduleDay key={day} day={day} schedule={value} onChange={onChange} />
      ))}
    </fieldset>
  );
}

function ScheduleDay({
  day,
  schedule,
  onChange,
}: {
  day: Weekday;
  schedule: ScheduleBlocks;
  onChange: (s: ScheduleBlocks) => void;
}) {
  const blocks = schedule[day] ?? [];
  const short = WEEKDAY_SHORT[day];
  return (
    <div className="schedule-day" role="group" aria-label={`${short} hours`}>
      <div className="schedule-day__head">
        <span className="schedule-day__name" aria-hidden="true">
          {WEEKDAY_LABELS[day]}
        </span>
        {blocks.length === 0 ? <span className="schedule-day__closed">Closed</span> : null}
      </div>
      {blocks.map((block, index) => {
        const name = `${short} block ${index + 1}`;
        const invalid = block.start !== '' && block.end !== '' && block.end <= block.start;
        return (
          <div className="schedule-block" key={index}>
            <input
              type="time"
              aria-label={`${name} from`}
              value={block.start}
              onChange={(event) => onChange(updateBlock(schedule, day, index, { ...block, start: event.target.value }))}
            />
            <span aria-hidden="true">–</span>
            <input
              type="time"
              aria-label={`${name} until`}
              aria-invalid={invalid || undefined}
              value={block.end}
              onChange={(event) => onChange(updateBlock(schedule, day, index, { ...block, end: event.target.value }))}
            />
            <button
              type="button"
              className="icon-button icon-button--small"
              aria-label={`Remove ${name}`}
              onClick={() => onChange(removeBlock(schedule, day, index))}
            >
              <span aria-hidden="true">×</span>
            </button>
            {invalid ? <span className="field__error schedule-block__error">Ends before it starts.</span> : null}
          </div>
        );
      })}
      <div className="schedule-day__actions">
        <button
          type="button"
          className="button button--small button--quiet"
          aria-label={`Add hours to ${short}`}
          onClick={() => onChange(addBlock(schedule, day))}
        >
          <span aria-hidden="true">+</span> Add hours
        </button>
        {blocks.length > 0 ? <CopyDay day={day} schedule={schedule} onChange={onChange} /> : null}
      </div>
    </div>
  );
}

function CopyDay({
  day,
  schedule,
  onChange,
}: {
  day: Weekday;
  schedule: ScheduleBlocks;
  onChange: (s: ScheduleBlocks) => void;
}) {
  const [targets, setTargets] = useState<readonly Weekday[]>([]);
  const [open, setOpen] = useState(false);
  const id = useId();
  const short = WEEKDAY_SHORT[day];
  return (
    <div className="copy-day">
      <button
        type="button"
        className="button button--small button--quiet"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        Copy {short} to…
      </button>
      <div id={id} hidden={!open} className="copy-day__panel">
        <div className="copy-day__targets" role="group" aria-label={`Days to copy ${short} to`}>
          {WEEKDAYS.filter((other) => other !== day).map((other) => (
            <label key={other}>
              <input
                type="checkbox"
                checked={targets.includes(other)}
                onChange={(event) =>
                  setTargets(event.target.checked ? [...targets, other] : targets.filter((t) => t !== other))
                }
              />
              {WEEKDAY_SHORT[other]}
            </label>
          ))}
        </div>
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={targets.length === 0}
          onClick={() => {
            onChange(copyDay(schedule, day, targets));
            setTargets([]);
            setOpen(false);
          }}
        >
          Copy hours
        </button>
      </div>
    </div>
  );
}
