/** A record's sync state written as text (contract §9: "Pending sync", "Needs attention"). */
import type { TargetSyncState } from '../../stores/sync-store.ts';

export function syncBadgeText(state: TargetSyncState): string {
  if (state === 'needs-attention') return 'Needs attention';
  if (state === 'paused') return 'Pending sync (paused until you sign in)';
  return 'Pending sync';
}

export function SyncBadge({ state }: { state: TargetSyncState | null }) {
  if (!state) return null;
  return <span className={`sync-badge sync-badge--${state}`}>{syncBadgeText(state)}</span>;
}
