// The Settings page's sidebar: a link per section, the one being read marked
// (aria-current), and what follows a section chosen there or asked for from
// anywhere (openSettings(section)): it is brought to the top of the column
// that scrolls, and its first heading takes the focus.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MessageId } from '../../../../../electron/common/i18n/translate';
import { useT } from '../../../i18n/words';
import { SETTINGS_SECTIONS, useUiStore, type SettingsSection } from '../../../state/ui-store';

const SECTION_WORDS = {
  account: 'settings.account.title',
  spending: 'settings.section.spending',
  checking: 'settings.section.checking',
  platforms: 'connections.title',
  team: 'team.title',
  suppression: 'suppression.title',
  rules: 'rules.title',
  vendors: 'verdicts.title',
  appearance: 'settings.section.appearance',
} as const satisfies Record<SettingsSection, MessageId>;

/** How far below the column's top a section may start and still be the one being read. */
const READING_LINE_PX = 32;

const isSection = (id: string | undefined): id is SettingsSection =>
  (SETTINGS_SECTIONS as readonly (string | undefined)[]).includes(id);

/** The section being read: the last one whose top has passed the reading line. */
function sectionInView(column: HTMLElement, chosen: SettingsSection | null): SettingsSection {
  const groups = [...column.querySelectorAll<HTMLElement>('[data-settings-section]')];
  const atEnd = column.scrollTop + column.clientHeight >= column.scrollHeight - 2;
  // At the end, a short last section cannot reach the top: the one chosen stays chosen if in sight.
  if (atEnd && chosen !== null) {
    const group = groups.find((g) => g.dataset.settingsSection === chosen);
    if (group && group.offsetTop >= column.scrollTop) return chosen;
  }
  let current: SettingsSection = 'account';
  for (const group of groups) {
    const id = group.dataset.settingsSection;
    if (isSection(id) && group.offsetTop <= column.scrollTop + READING_LINE_PX) current = id;
  }
  return current;
}

/**
 * The column of sections (its ref), the section being read in it, `show` to bring one to the
 * top, and the column's scroll handler. A section asked for in the UI store is shown once, and
 * the ask cleared, so the same section asked again is shown again.
 */
export function useSettingsSections() {
  const column = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState<SettingsSection>('account');
  const chosen = useRef<SettingsSection | null>(null);
  const asked = useUiStore((s) => s.settingsAt);

  const show = useCallback((section: SettingsSection) => {
    const el = column.current;
    const group = el?.querySelector<HTMLElement>(`[data-settings-section="${section}"]`);
    if (!el || !group) return;
    chosen.current = section;
    // Past the line that parts it from the section above, which would sit under the header's.
    el.scrollTop = group.offsetTop + group.clientTop;
    setCurrent(sectionInView(el, section));
    const heading = group.querySelector<HTMLElement>('h3, legend');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    if (asked === null) return;
    // Once the page is laid out (and after its title took the focus on opening).
    const frame = requestAnimationFrame(() => {
      show(asked);
      useUiStore.setState({ settingsAt: null });
    });
    return () => cancelAnimationFrame(frame);
  }, [asked, show]);

  const onScroll = useCallback(() => {
    if (column.current) setCurrent(sectionInView(column.current, chosen.current));
  }, []);

  return { column, current, show, onScroll };
}

export function SettingsNav({
  current,
  show,
}: {
  current: SettingsSection;
  show: (section: SettingsSection) => void;
}) {
  const t = useT();
  return (
    <nav className="settings-nav" aria-label={t('settings.sections')}>
      <ul>
        {SETTINGS_SECTIONS.map((section) => (
          <li key={section}>
            <a
              href={`#settings-${section}`}
              aria-current={current === section ? 'location' : undefined}
              onClick={(e) => {
                e.preventDefault();
                show(section);
              }}
            >
              {t(SECTION_WORDS[section])}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
