/**
 * A listing's Insights (contract §10, product §7), what the dialog of its
 * card's button (insights-button.tsx) shows — the last 30 days' totals (Views, Visitors, QR scans,
 * Ticket clicks, then shares and calendar adds), a small daily chart of
 * views and the same numbers (visitors too) as a table, views per source, and the
 * listing's tagged links (event-links.tsx). Every answer is kept on the device,
 * so offline the dialog shows the last known figures and says "as of" when.
 */
import './insights.css';
import { useEffect, useState } from 'react';
import { getInsights } from '../../shared/api/get-insights.ts';
import { NetworkError } from '../../shared/api/errors.ts';
import { followWords } from '../../shared/contract/follow-words.ts';
import { INSIGHTS_DEFAULT_DAYS, type Insights } from '../../shared/contract/insights.ts';
import { api } from '../../lib/api.ts';
import { cacheInsights, cachedInsights } from '../../lib/insights-cache.ts';
import { useAuth } from '../../stores/auth-store.ts';
import { EventLinks } from './event-links.tsx';
import { InsightSources } from './insight-sources.tsx';
import { InsightsChart } from './insights-chart.tsx';
import { dayLabel } from './day-label.ts';

/** The figures in the order the dialog shows them: the three the contract names first. */
export const INSIGHT_FIGURES = [
  ['views', 'Views'],
  ['qr_scans', 'QR scans'],
  ['ticket_clicks', 'Ticket clicks'],
  ['shares', 'Shares'],
  ['calendar_adds', 'Calendar adds'],
] as const;

/** What the totals and the daily table show: visitors beside views, then the rest. */
const SHOWN_FIGURES = [INSIGHT_FIGURES[0], ['visitors', 'Visitors'], ...INSIGHT_FIGURES.slice(1)] as const;

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; insights: Insights; asOf: number; offline: boolean; failed: boolean }
  | { status: 'error'; offline: boolean };

const asOfText = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Insights" on a card; nothing until the listing has an id (created offline and not sent yet). */
export function InsightsView({ eventId, title, onClose }: { eventId: number; title: string; onClose: () => void }) {
  const userId = useAuth((s) => s.user?.id ?? null);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    void (async () => {
      try {
        const insights = await getInsights(api, eventId, INSIGHTS_DEFAULT_DAYS, abort.signal);
        if (abort.signal.aborted) return;
        setLoaded({ status: 'ready', insights, asOf: Date.now(), offline: false, failed: false });
        if (userId !== null) await cacheInsights(userId, eventId, insights).catch(() => undefined);
      } catch (error) {
        if (abort.signal.aborted) return;
        const offline = error instanceof NetworkError;
        const cached = userId === null ? null : await cachedInsights(userId, eventId).catch(() => null);
        if (abort.signal.aborted) return;
        setLoaded(
          cached
            ? { status: 'ready', insights: cached.data, asOf: cached.storedAt, offline, failed: !offline }
            : { status: 'error', offline },
        );
      }
    })();
    return () => abort.abort();
  }, [eventId, userId]);

  return (
    <div className="form-modal__form">
      <div className="form-modal__head">
        <h2>Insights</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="form-modal__body insights">
        <p className="insights__lead">
          <strong>{title || 'Untitled'}</strong> · last {INSIGHTS_DEFAULT_DAYS} days
        </p>
        {loaded.status === 'loading' ? <p role="status">Loading…</p> : null}
        {loaded.status === 'error' ? (
          <p className="alert alert--error" role="alert">
            {loaded.offline
              ? 'You’re offline and these insights were never loaded on this device. Try again when you’re online.'
              : 'The insights could not be loaded. Please try again.'}
          </p>
        ) : null}
        {loaded.status === 'ready' ? <Figures {...loaded} /> : null}
        <EventLinks eventId={eventId} />
      </div>
      <div className="form-modal__end">
        <div className="form-modal__footer">
          <button type="button" className="button button--ghost" data-autofocus onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    </div>
  );
}

function Figures({ insights, asOf, offline, failed }: Extract<Loaded, { status: 'ready' }>) {
  return (
    <>
      <p className={offline || failed ? 'cache-note' : 'insights__as-of'} role="status">
        {offline ? 'You’re offline. Last known figures, ' : failed ? 'Could not refresh. Last known figures, ' : ''}
        as of {asOfText(asOf)}.
      </p>
      <dl className="insights__totals">
        {SHOWN_FIGURES.map(([key, label]) => (
          <div key={key} className="insights__total">
            <dt>{label}</dt>
            {/* Figures kept on this device before visitors were counted have none. */}
            <dd>{(insights.totals[key] ?? 0).toLocaleString()}</dd>
          </div>
        ))}
        {insights.followers === undefined ? null : (
          <div className="insights__total">
            <dt>{followWords.insights}</dt>
            <dd>{insights.followers.toLocaleString()}</dd>
          </div>
        )}
      </dl>
      <InsightsChart days={insights.days} />
      {/* Figures kept on this device before sources were counted have none. */}
      <InsightSources sources={insights.sources ?? []} />
      <details className="insights__table">
        <summary>Daily figures</summary>
        {/* Scrolls on its own: focusable, so a keyboard can scroll it too. */}
        <div className="insights__scroll" tabIndex={0} role="region" aria-label="Daily figures by date">
          <table>
            <caption className="visually-hidden">Daily figures, last {insights.days.length} days</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                {SHOWN_FIGURES.map(([key, label]) => (
                  <th key={key} scope="col">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...insights.days].reverse().map((day) => (
                <tr key={day.date}>
                  <th scope="row">
                    <time dateTime={day.date}>{dayLabel(day.date)}</time>
                  </th>
                  {SHOWN_FIGURES.map(([key]) => (
                    <td key={key}>{day[key] ?? 0}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <p className="field__hint">
        Views count every time the page is opened, up to 20 a day from one network address; visitors count each browser
        once a day. Robots, link previews and your team’s own visits are not counted; nothing identifies a visitor.
      </p>
    </>
  );
}
