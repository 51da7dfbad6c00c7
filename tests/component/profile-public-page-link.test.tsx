/**
 * The Profile screen shows the account's public page (`/p/{display_name}`)
 * with Share and a QR poster; the poster encodes that address.
 */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Component as ProfilePage } from '../../src/features/profile/profile-page.tsx';
import { Component as PublicPagePoster } from '../../src/features/profile/public-page-poster.tsx';
import { renderScreen, seedEvents, signInAs } from './support/dashboard-harness.tsx';
import { businessUser, stubApi } from './support/stub-api.ts';

describe('the public page on the Profile screen', () => {
  beforeEach(async () => {
    await signInAs();
    seedEvents([]);
  });

  it('links /p/{display_name} with Share and QR poster', async () => {
    stubApi({});
    renderScreen('/dashboard/profile', { path: '/dashboard/profile', Component: ProfilePage });
    const card = await screen.findByRole('region', { name: 'Your public page' });
    const url = `${window.location.origin}/p/${businessUser.display_name}`;
    expect(within(card).getByRole('link', { name: url })).toHaveAttribute('href', url);
    expect(within(card).getByRole('button', { name: 'Share' })).toBeEnabled();
    expect(within(card).getByRole('link', { name: 'QR poster' })).toHaveAttribute('href', '/dashboard/profile/poster');
  });

  it('makes a poster whose QR code is the page address', async () => {
    stubApi({});
    renderScreen('/dashboard/profile/poster', { path: '/dashboard/profile/poster', Component: PublicPagePoster });
    const url = `${window.location.origin}/p/${businessUser.display_name}`;
    expect(await screen.findByRole('img', { name: `QR code for ${url}` })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: businessUser.display_name })).toBeInTheDocument();
  });

  it('links the held public name, and says so when another account holds the display name', async () => {
    stubApi({});
    await signInAs({ display_name: 'Twin.Name', public_name: null });
    renderScreen('/dashboard/profile', { path: '/dashboard/profile', Component: ProfilePage });
    const card = await screen.findByRole('region', { name: 'Your public page' });
    expect(card).toHaveTextContent('Another account already uses “Twin.Name” for its public page');
    expect(within(card).queryByRole('link')).toBeNull();
  });

  it('puts the held public name on the poster when it differs from an unsaved display name', async () => {
    stubApi({});
    await signInAs({ display_name: 'Blue.Door', public_name: 'Blue.Door' });
    renderScreen('/dashboard/profile/poster', { path: '/dashboard/profile/poster', Component: PublicPagePoster });
    const url = `${window.location.origin}/p/Blue.Door`;
    expect(await screen.findByRole('img', { name: `QR code for ${url}` })).toBeInTheDocument();
  });
});
