/**
 * A new business listing being saved: true while the save runs (its pending
 * copy must not redirect the form away), then the save's message, handed to
 * the form that shows the new listing — a different component instance, at
 * the listing's address. Page state, in the stores layer like the others.
 */
import { create } from 'zustand';

export interface ListingHandoverState {
  creating: boolean;
  handover: { id: string; message: string } | null;
}

export const useListingHandover = create<ListingHandoverState>()(() => ({ creating: false, handover: null }));
