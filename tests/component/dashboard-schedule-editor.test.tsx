import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { compactSchedule, ScheduleEditor, type ScheduleBlocks } from '../../src/components/schedule-editor.tsx';

function Harness({ initial = {} as ScheduleBlocks }) {
  const [schedule, setSchedule] = useState<ScheduleBlocks>(initial);
  return (
    <>
      <ScheduleEditor value={schedule} onChange={setSchedule} />
      <output data-testid="value">{JSON.stringify(compactSchedule(schedule))}</output>
    </>
  );
}

const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '{}') as ScheduleBlocks;

describe('schedule editor', () => {
  it('holds several blocks per day, each editable and removable', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Add hours to Mon' }));
    fireEvent.change(screen.getByLabelText('Mon block 1 until'), { target: { value: '14:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add hours to Mon' }));
    fireEvent.change(screen.getByLabelText('Mon block 2 from'), { target: { value: '18:00' } });
    fireEvent.change(screen.getByLabelText('Mon block 2 until'), { target: { value: '23:00' } });
    expect(value()).toEqual({
      monday: [
        { start: '09:00', end: '14:00' },
        { start: '18:00', end: '23:00' },
      ],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Mon block 1' }));
    expect(value()).toEqual({ monday: [{ start: '18:00', end: '23:00' }] });
  });

  it('flags a block that ends before it starts', () => {
    render(<Harness initial={{ friday: [{ start: '18:00', end: '17:00' }] }} />);
    expect(screen.getByLabelText('Fri block 1 until')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Ends before it starts.')).toBeInTheDocument();
  });

  it('copies a day onto the chosen other days', async () => {
    const monday = [
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ];
    render(<Harness initial={{ monday, sunday: [{ start: '10:00', end: '11:00' }] }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy Mon to…' }));
    const targets = within(screen.getByRole('group', { name: 'Days to copy Mon to' }));
    await userEvent.click(targets.getByLabelText('Tue'));
    await userEvent.click(targets.getByLabelText('Sun'));
    await userEvent.click(screen.getByRole('button', { name: 'Copy hours' }));
    expect(value()).toEqual({ monday, tuesday: monday, sunday: monday });
  });

  it('names no control after a full weekday, so "Monday" … "Sunday" stay unique to the day checkboxes', async () => {
    render(<Harness initial={{ monday: [{ start: '09:00', end: '17:00' }] }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy Mon to…' }));
    for (const day of ['Monday', 'Tuesday', 'Sunday']) expect(screen.queryAllByLabelText(day)).toHaveLength(0);
  });
});
