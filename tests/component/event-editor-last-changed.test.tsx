/** The event editor says who changed an event last (contract §12): "you" or "a team member", and when. */
import { render, screen } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { LastChanged } from '../../src/features/events/last-changed.tsx';
import { useAuth } from '../../src/stores/auth-store.ts';
import { eventRecord } from '../support/event-record.ts';
import { businessUser } from './support/stub-api.ts';

beforeEach(() => {
  useAuth.setState({ status: 'signed-in', user: { ...businessUser, id: 1 } as never });
});

it('names the signed-in person "you"', () => {
  render(<LastChanged record={eventRecord({ updated_by: 1 })} />);
  expect(screen.getByText(/^Last changed by you · /)).toBeInTheDocument();
});

it('names anyone else a team member', () => {
  render(<LastChanged record={eventRecord({ updated_by: 9 })} />);
  expect(screen.getByText(/^Last changed by a team member · /)).toBeInTheDocument();
});

it('says nothing for an event from before teams', () => {
  const { container } = render(<LastChanged record={eventRecord({ updated_by: null })} />);
  expect(container).toBeEmptyDOMElement();
});
