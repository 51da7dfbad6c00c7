/**
 * The Location part of a listing form: typing keeps the coordinates (only
 * Clear place, emptying the field or another place changes them), a picked
 * place fills the street, postcode, locality and country, the hint says when
 * the pin is only the middle of a district, Use my location asks the browser
 * on the tap and says why when it cannot, and an opened suggestion list is
 * scrolled into view (not left under the editor's action bar).
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocationField, type LocationValues } from '../../src/components/location-field.tsx';

const empty: LocationValues = {
  location_name: '',
  latitude: null,
  longitude: null,
  street_address: '',
  postal_code: '',
  locality: '',
  country_code: '',
};

const suggestions = [
  { place_id: 'city:1', description: 'Peckham, England, GB' },
  { place_id: 'venue:7', description: 'The Harbour, 133 Rye Lane, London' },
];

const details = async (placeId: string) =>
  placeId === 'venue:7'
    ? {
        lat: 51.4693,
        lng: -0.0692,
        street_address: '133 Rye Lane',
        postal_code: 'SE15 4ST',
        locality: 'London',
        country_code: 'GB',
      }
    : { lat: 51.47, lng: -0.069, locality: 'Peckham', country_code: 'GB' };

let latest: LocationValues = empty;

function Harness(props: {
  initial?: Partial<LocationValues>;
  geolocation?: Pick<Geolocation, 'getCurrentPosition'> | null;
  nearby?: (point: { lat: number; lng: number }) => Promise<null | {
    place_id: string;
    description: string;
    lat: number;
    lng: number;
    locality?: string;
    country_code?: string;
  }>;
}) {
  const [values, setValues] = useState<LocationValues>({ ...empty, ...props.initial });
  latest = values;
  return (
    <LocationField
      values={values}
      edit={(patch) => setValues((current) => ({ ...current, ...patch }))}
      search={async () => suggestions}
      details={details}
      nearby={props.nearby ?? (async () => null)}
      geolocation={props.geolocation ?? null}
    />
  );
}

async function flush() {
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
}

async function pick(name: RegExp) {
  const input = screen.getByRole('combobox', { name: 'Location' });
  fireEvent.change(input, { target: { value: 'peckham' } });
  await act(async () => vi.advanceTimersByTime(400));
  await flush();
  fireEvent.mouseDown(screen.getByRole('option', { name }));
  await flush();
}

describe('the Location field', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('keeps the coordinates while the text is edited, and says the pin stays', () => {
    render(
      <Harness
        initial={{ location_name: 'Peckham, England, GB', latitude: 51.47, longitude: -0.069, locality: 'Peckham' }}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Location' });
    fireEvent.change(input, { target: { value: 'Upstairs at the Harbour, Peckham' } });
    expect(latest).toMatchObject({
      location_name: 'Upstairs at the Harbour, Peckham',
      latitude: 51.47,
      longitude: -0.069,
    });
    expect(input).toHaveAccessibleDescription(/approximate: the middle of Peckham.*the pin stays where it was/);
    fireEvent.change(screen.getByRole('textbox', { name: 'Street address' }), { target: { value: '133 Rye Lane' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Postcode' }), { target: { value: 'SE15 4ST' } });
    expect(latest).toMatchObject({ street_address: '133 Rye Lane', postal_code: 'SE15 4ST', latitude: 51.47 });
  });

  it('drops the coordinates when the place is emptied or cleared', () => {
    render(<Harness initial={{ location_name: 'Peckham, England, GB', latitude: 51.47, longitude: -0.069 }} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Location' }), { target: { value: '' } });
    expect(latest).toMatchObject({ latitude: null, longitude: null });
    fireEvent.change(screen.getByRole('combobox', { name: 'Location' }), { target: { value: 'Somewhere' } });
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveAccessibleDescription(/No map pin yet/);
  });

  it('Clear place takes the place, its address and its pin away', () => {
    render(
      <Harness
        initial={{ location_name: 'The Harbour', latitude: 51.47, longitude: -0.069, street_address: '133 Rye Lane' }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear place' }));
    expect(latest).toEqual(empty);
  });

  it('a picked venue fills the street, postcode, locality, country and an exact pin; a district says it is approximate', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    render(<Harness />);
    await pick(/The Harbour/);
    expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' });
    expect(latest).toEqual({
      location_name: 'The Harbour, 133 Rye Lane, London',
      latitude: 51.4693,
      longitude: -0.0692,
      street_address: '133 Rye Lane',
      postal_code: 'SE15 4ST',
      locality: 'London',
      country_code: 'GB',
    });
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveAccessibleDescription('Map pin at this address.');
    await pick(/Peckham/);
    expect(latest).toMatchObject({ street_address: '', postal_code: '', locality: 'Peckham', latitude: 51.47 });
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveAccessibleDescription(
      /Map pin is approximate: the middle of Peckham/,
    );
  });

  it('Use my location asks only on the tap, pins the position and names the nearest place', async () => {
    const getCurrentPosition = vi.fn((success: PositionCallback) =>
      success({ coords: { latitude: 51.4689, longitude: -0.0689 } } as GeolocationPosition),
    );
    const nearby = vi.fn(async () => ({
      place_id: 'city:1',
      description: 'Peckham, England, GB',
      lat: 51.47,
      lng: -0.069,
      locality: 'Peckham',
      country_code: 'GB',
    }));
    render(<Harness geolocation={{ getCurrentPosition }} nearby={nearby} />);
    expect(getCurrentPosition).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    await flush();
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(nearby).toHaveBeenCalledWith({ lat: 51.4689, lng: -0.0689 });
    expect(latest).toMatchObject({
      location_name: 'Peckham, England, GB',
      latitude: 51.4689,
      longitude: -0.0689,
      locality: 'Peckham',
      country_code: 'GB',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Pinned where you are, near Peckham, England, GB.');
  });

  it('says why when the browser refuses, times out or cannot locate, and keeps the form as it was', () => {
    for (const [code, text] of [
      [1, /permission was refused/],
      [3, /took too long/],
      [2, /could not tell where it is/],
    ] as const) {
      const getCurrentPosition = vi.fn((_: PositionCallback, failure?: PositionErrorCallback | null) =>
        failure?.({ code } as GeolocationPositionError),
      );
      const { unmount } = render(<Harness geolocation={{ getCurrentPosition }} />);
      fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
      expect(screen.getByRole('status')).toHaveTextContent(text);
      expect(latest).toEqual(empty);
      unmount();
    }
    render(<Harness geolocation={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(screen.getByRole('status')).toHaveTextContent(/cannot share its location/);
  });
});
