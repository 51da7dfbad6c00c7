/**
 * Entries as plain sentences: the Outbox screen's "what" column and the
 * "Copy unsent changes" text a user can paste into an email when all else fails.
 */
import type { OutboxEntryView } from './overlay.ts';

/** What the Outbox knows of the record a write is for, when the write itself does not say. */
export interface KnownRecord {
  title: string;
}

const statusVerbs: Readonly<Record<string, string>> = {
  published: 'Publish',
  cancelled: 'Cancel',
  postponed: 'Postpone',
};

export function describeEntry(
  view: Pick<OutboxEntryView, 'kind' | 'fields' | 'target'>,
  known: KnownRecord | null = null,
): string {
  const named = typeof view.fields.title === 'string' && view.fields.title ? view.fields.title : known?.title;
  const title = named ? `“${named}”` : null;
  switch (view.kind) {
    case 'event.create':
      return `New event ${title ?? ''}`.trim();
    case 'event.update': {
      // A write that only changes the status says what it does ("Publish “Jazz Night”").
      const status = typeof view.fields.status === 'string' ? view.fields.status : null;
      const it = title ?? 'an event';
      if (status === 'draft') return `Move ${it} to drafts`;
      if (
        status &&
        statusVerbs[status] &&
        Object.keys(view.fields).every((name) => name === 'status' || name === 'status_note')
      )
        return `${statusVerbs[status]} ${it}`;
      return `Changes to ${it}`;
    }
    case 'event.delete':
      return `Delete ${title ?? 'an event'}`;
    case 'profile.update':
      return 'Profile changes';
    case 'venue.answer': {
      const verb = view.fields.venue_status === 'approved' ? 'Approve' : 'Decline';
      return `${verb} ${title ?? 'a request'} at your venue`;
    }
    case 'issue.report': {
      const message = typeof view.fields.message === 'string' ? view.fields.message : '';
      return message ? `Issue report: “${message.length > 60 ? `${message.slice(0, 57)}…` : message}”` : 'Issue report';
    }
  }
}

function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Every unsent change as text, oldest first. */
export function unsentChangesText(views: readonly OutboxEntryView[], now: number): string {
  if (views.length === 0) return 'No unsent changes.';
  const blocks = views.map((view) => {
    const lines = [`${describeEntry(view)} — queued ${new Date(view.createdAt).toISOString()} (${view.state})`];
    for (const [name, value] of Object.entries(view.fields)) lines.push(`  ${name}: ${formatValue(value)}`);
    if (view.hasImage) lines.push('  (with an image)');
    if (view.lastError) lines.push(`  last error: ${view.lastError}`);
    return lines.join('\n');
  });
  return [`Unsent changes as of ${new Date(now).toISOString()}:`, '', ...blocks].join('\n\n');
}
