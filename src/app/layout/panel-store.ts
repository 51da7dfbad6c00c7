import { create } from 'zustand';

/** Which tab of the side panel is shown, and whether the panel is open. */
export type PanelTab = 'menu' | 'login';

interface PanelState {
  open: boolean;
  tab: PanelTab;
}

export const usePanel = create<PanelState>()(() => ({ open: false, tab: 'menu' }));

export function openPanel(tab: PanelTab): void {
  usePanel.setState({ open: true, tab });
}

export function closePanel(): void {
  usePanel.setState({ open: false });
}

export function selectPanelTab(tab: PanelTab): void {
  usePanel.setState({ tab });
}
