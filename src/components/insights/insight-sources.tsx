/**
 * Where a listing's views came from (contract §11): one row per source — a
 * tagged link's label, QR poster, shared link or a site that linked to the
 * page — with its views as text and a bar for the eye.
 */
import type { InsightSource } from '../../shared/contract/insights.ts';

const NAMES: Record<string, string> = { qr: 'QR poster', share: 'Shared link', other: 'Other sites' };

export function InsightSources({ sources }: { sources: readonly InsightSource[] }) {
  const most = Math.max(1, ...sources.map((source) => source.views));
  return (
    <section className="insights__section" aria-labelledby="insights-sources">
      <h3 id="insights-sources">Sources</h3>
      {sources.length === 0 ? (
        <p className="field__hint">No views through a link, QR poster or another site yet.</p>
      ) : (
        <ul className="insights__sources">
          {sources.map((source) => (
            <li key={source.source} className="insights__source">
              <span className="insights__source-name">{NAMES[source.source] ?? source.source}</span>
              <span className="insights__source-views">{source.views.toLocaleString()}</span>
              <span
                className="insights__source-bar"
                aria-hidden="true"
                style={{ width: `${(source.views / most) * 100}%` }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
