/**
 * "Last changed by … · when" in the event editor (contract §12): on a team,
 * the owner and their members write the same events, so the editor says who
 * wrote last. The API names them by id only: the signed-in person is "you",
 * anyone else a team member.
 */
import type { EventRecord } from '../../shared/contract/event.ts';
import { useAuth } from '../../stores/auth-store.ts';

export function LastChanged({ record }: { record: Partial<Pick<EventRecord, 'updated_by' | 'updated_at'>> }) {
  const userId = useAuth((s) => s.user?.id);
  if (record.updated_by == null || !record.updated_at) return null;
  const who = record.updated_by === userId ? 'you' : 'a team member';
  const when = new Date(record.updated_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <p className="muted">
      Last changed by {who} · {when}
    </p>
  );
}
