/**
 * The WAI-ARIA tabs pattern: one tab stop for the tablist, arrow keys, Home
 * and End move between tabs and select them (automatic activation).
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  panel: ReactNode;
}

interface TabsProps<K extends string> {
  label: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  className?: string;
}

export function Tabs<K extends string>({ label, items, selected, onSelect, className }: TabsProps<K>) {
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    onSelect(item.key);
    buttons.current[next]?.focus();
  }

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className="tabs__list">
        {items.map((item, index) => (
          <button
            key={item.key}
            ref={(el) => {
              buttons.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${item.key}`}
            aria-selected={item.key === selected}
            aria-controls={`${baseId}-panel-${item.key}`}
            tabIndex={item.key === selected ? 0 : -1}
            className="tabs__tab"
            onClick={() => onSelect(item.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item) => (
        <div
          key={item.key}
          role="tabpanel"
          id={`${baseId}-panel-${item.key}`}
          aria-labelledby={`${baseId}-tab-${item.key}`}
          hidden={item.key !== selected}
          className="tabs__panel"
        >
          {item.key === selected ? item.panel : null}
        </div>
      ))}
    </div>
  );
}
