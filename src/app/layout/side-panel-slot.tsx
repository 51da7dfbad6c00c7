import { lazy, Suspense, useEffect, useState } from 'react';
import { usePanel } from './panel-store.ts';

// The panel's code (dialog, tabs, the sign-in form) is not needed to read a
// page, so it stays out of a first visit's JavaScript budget and
// loads the first time the panel opens.
const SidePanel = lazy(() => import('./side-panel.tsx').then((module) => ({ default: module.SidePanel })));

/** Renders the side panel once it has been opened; nothing before (so prerendered HTML matches). */
export function SidePanelSlot() {
  const open = usePanel((s) => s.open);
  const [wanted, setWanted] = useState(open);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SidePanel />
    </Suspense>
  );
}
