// The Settings choice of the app's language: the system's (named, so the
// user sees which it is) or one of ours, each in its own name so a user lost
// in a language they do not read still finds theirs. Main keeps the choice
// and draws its menus again; the window follows the settings view.
import { useId } from 'react';
import {
  LANGUAGE_CHOICES,
  LANGUAGE_NAMES,
  rulesOf,
  type LanguageChoice,
} from '../../../../../electron/common/i18n/languages';
import type { SettingsView } from '../../../../../electron/ipc/contract';
import type { useUpdateSettings } from '../../../api/hooks';
import { useT } from '../../../i18n/words';

interface Props {
  current: SettingsView | undefined;
  update: ReturnType<typeof useUpdateSettings>;
}

const isChoice = (value: string): value is LanguageChoice =>
  (LANGUAGE_CHOICES as readonly string[]).includes(value);

export function LanguageForm({ current, update }: Props) {
  const t = useT();
  const titleId = useId();
  const selectId = useId();
  const hintId = useId();
  const system = LANGUAGE_NAMES[rulesOf(current?.systemLanguage ?? 'en')];
  return (
    <section className="dialog-section" aria-labelledby={titleId}>
      {/* The heading is the field's visible label. */}
      <h3 id={titleId}>
        <label htmlFor={selectId}>{t('language.title')}</label>
      </h3>
      <select
        id={selectId}
        className="language-choice"
        aria-describedby={hintId}
        value={current?.languageChoice ?? 'system'}
        disabled={current === undefined}
        onChange={(e) => {
          if (isChoice(e.target.value)) update.mutate({ language: e.target.value });
        }}
      >
        {LANGUAGE_CHOICES.map((choice) =>
          choice === 'system' ? (
            <option key={choice} value={choice}>
              {t('language.system', { language: system })}
            </option>
          ) : (
            <option key={choice} value={choice} lang={choice}>
              {LANGUAGE_NAMES[choice]}
            </option>
          ),
        )}
      </select>
      <p className="hint" id={hintId}>
        {t('language.hint')}
      </p>
    </section>
  );
}
