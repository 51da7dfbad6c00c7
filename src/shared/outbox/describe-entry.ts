/**
 * Entries as plain sentences: the Outbox screen's "what" column and the
 * "Copy unsent changes" text a user can paste into an email when all else fails.
 */
import type { OutboxEntryView } from './overlay.ts';

export function describeEntry(view: Pick<OutboxEntryView, 'kind' | 'fields' | 'target'>): string {
  const title = typeof view.fields.title === 'string' && view.fields.title ? `“${view.fields.title}”` : null;
  switch (view.kind) {
    case 'event.create':
      return `New event ${title ?? ''}`.trim();
    case 'event.update':
      return title ? `Changes to ${title}` : `Changes to event ${view.target.replace(/^event:/, '#')}`;
    case 'event.delete':
      return `Delete event ${view.target.replace(/^event:/, '#')}`;
    case 'profile.update':
      return 'Profile changes';
    case 'venue.answer': {
      const verb = view.fields.venue_status === 'approved' ? 'Approve' : 'Decline';
      return `${verb} ${title ?? `event ${view.target.replace(/^venue-request:/, '#')}`} at your venue`;
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
