/**
 * A printable poster for one listing (A4 or Letter, `@media print`): title,
 * when, where, cover and a large QR code of the public page, made on the
 * device so it works offline. The screen shows the same sheet with Print and
 * "Download QR code (PNG)" beside it; print shows only the sheet.
 */
import { eventTimeZone } from '../listing/event-zone.ts';
import './share.css';
import { useState } from 'react';
import { brand } from '../../brand.ts';
import type { EventRecord } from '../../shared/contract/event.ts';
import { weekdays } from '../../shared/contract/schedule.ts';
import { hoursLines } from '../listing/listing-hours.ts';
import { describeEventTimes } from '../listing/listing-time.ts';
import { QrCodeSvg } from './qr-code-svg.tsx';
import { downloadQrPng } from './qr-png.ts';

type PosterRecord = Partial<EventRecord> & { title: string };

/** The lines under the title: dates and times, or weekly opening hours. */
export function posterWhen(record: PosterRecord): string[] {
  if (record.is_recurring) {
    return hoursLines({
      schedule: record.schedule_blocks ?? {},
      days: Object.fromEntries(weekdays.map((day) => [day, record[day] === true])) as Record<
        (typeof weekdays)[number],
        boolean
      >,
      opening: record.recurring_start_time ?? '',
      closing: record.recurring_end_time ?? '',
    });
  }
  const when = describeEventTimes(
    {
      start_date: record.start_date ?? null,
      start_time: record.start_time ?? null,
      end_date: record.end_date ?? null,
      end_time: record.end_time ?? null,
    },
    eventTimeZone(record),
  );
  return when ? [when] : [];
}

interface QrPosterProps {
  record: PosterRecord;
  /** The address printed under the code. */
  url: string;
  /** What the code encodes, when not `url` itself (a listing's carries `?src=qr`). */
  qrUrl?: string;
  fileName: string;
}

export function QrPoster({ record, url, qrUrl = url, fileName }: QrPosterProps) {
  const [paper, setPaper] = useState<'A4' | 'letter'>('A4');
  const [error, setError] = useState('');
  const cover = typeof record.cover_image === 'string' ? record.cover_image : null;
  return (
    <div className="poster-page">
      {/* The sheet size for the print dialog; the layout fits both. */}
      <style>{`@page { size: ${paper}; margin: 12mm; }`}</style>
      <div className="poster-page__controls">
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          Print poster
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void downloadQrPng(qrUrl, fileName).catch((e: unknown) => setError(String(e)))}
        >
          Download QR code (PNG)
        </button>
        <label className="poster-page__paper">
          Paper size{' '}
          <select value={paper} onChange={(event) => setPaper(event.target.value as 'A4' | 'letter')}>
            <option value="A4">A4</option>
            <option value="letter">US Letter</option>
          </select>
        </label>
        {error ? <p role="alert">{error}</p> : null}
      </div>
      <article className="poster" aria-label="Poster">
        {cover ? <img className="poster__cover" src={cover} alt="" width={1600} height={900} /> : null}
        <h2 className="poster__title">{record.title || 'Untitled'}</h2>
        {posterWhen(record).map((line) => (
          <p key={line} className="poster__when">
            {line}
          </p>
        ))}
        {record.location_name ? <p className="poster__place">{record.location_name}</p> : null}
        <div className="poster__scan">
          <QrCodeSvg className="poster__qr" text={qrUrl} label={`QR code for ${qrUrl}`} />
          <p className="poster__cta">
            Scan for details, directions and the {brand.name} app
            <span className="poster__url">{url}</span>
          </p>
        </div>
      </article>
    </div>
  );
}
