// Overview, Domains and Rows as tabs, so a finished job is one screen high
// rather than one long page. The WAI-ARIA tabs pattern: one tab stop for the
// tab list (the chosen tab), the arrow keys, Home and End move between tabs
// and choose at once (each panel is quick to show), and each panel is
// labelled by its tab. Only the chosen panel's content is rendered: the rows
// grid and the domains are read only when they are looked at.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface ResultsTab<K extends string> {
  key: K;
  label: string;
  /** A count after the label, such as the rows: "Rows 1,204". */
  badge?: string;
  content: () => ReactNode;
}

interface Props<K extends string> {
  label: string;
  tabs: readonly ResultsTab<K>[];
  selected: K;
  onSelect: (key: K) => void;
}

export function ResultsTabs<K extends string>({ label, tabs, selected, onSelect }: Props<K>) {
  const base = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${base}-tab-${key}`;
  const panelId = (key: K) => `${base}-panel-${key}`;

  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((t) => t.key === selected);
    const last = tabs.length - 1;
    const to =
      e.key === 'ArrowRight'
        ? at === last
          ? 0
          : at + 1
        : e.key === 'ArrowLeft'
          ? at === 0
            ? last
            : at - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    const next = to === null ? undefined : tabs[to];
    if (!next) return;
    e.preventDefault();
    onSelect(next.key);
    refs.current.get(next.key)?.focus();
  };

  return (
    <>
      <div
        className="results-tabs"
        role="tablist"
        aria-label={label}
        onKeyDown={move}
        data-testid="results-tabs"
      >
        {tabs.map((t) => {
          const on = t.key === selected;
          return (
            <button
              key={t.key}
              type="button"
              role="tab"
              id={tabId(t.key)}
              aria-selected={on}
              aria-controls={panelId(t.key)}
              tabIndex={on ? 0 : -1}
              className="nav-item results-tab"
              ref={(el) => {
                if (el) refs.current.set(t.key, el);
                else refs.current.delete(t.key);
              }}
              onClick={() => onSelect(t.key)}
            >
              {t.label}
              {t.badge && <span className="results-tab-badge">{t.badge}</span>}
            </button>
          );
        })}
      </div>
      {tabs.map((t) => (
        <div
          key={t.key}
          role="tabpanel"
          id={panelId(t.key)}
          aria-labelledby={tabId(t.key)}
          hidden={t.key !== selected}
          className="results-panel"
          // A tab stop into the panel's content, as the pattern asks when it may start with none.
          tabIndex={0}
        >
          {t.key === selected && t.content()}
        </div>
      ))}
    </>
  );
}
