// A setting typed into a Settings form: the text being edited (null while
// the saved value shows), why it was refused, and whether it was just saved
// ("Saved." until the field is edited again). Each form brings its rule
// (setting-rules.ts) and the change it saves; the round trip is the same for all.
import { useState } from 'react';
import type { useUpdateSettings } from '../../../api/hooks';
import type { Read } from './setting-rules';

type Update = ReturnType<typeof useUpdateSettings>;
export type SettingsChange = Parameters<Update['mutate']>[0];

interface Rule<T> {
  read: (text: string) => Read<T>;
  change: (value: T) => SettingsChange;
  /** After the save: what else a new value asks for (a key to confirm for a new address). */
  onSaved?: () => void;
}

export function useSettingEdit<T>(update: Update, rule: Rule<T>) {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const save = (change: SettingsChange) =>
    update.mutate(change, {
      onSuccess: () => {
        setText(null);
        setError(null);
        setSaved(true);
        rule.onSaved?.();
      },
    });

  return {
    text,
    error,
    saved,
    /** One Save, offered for an edit only and while no other setting is being saved. */
    canSave: text !== null && !update.isPending,
    /** The field was typed in: what it says now, refused no longer, not saved yet. */
    edit(value: string) {
      setText(value);
      setError(null);
      setSaved(false);
    },
    save,
    /** Saves what was typed, as the rule reads it; or says why not, and saves nothing. */
    submit() {
      if (text === null) return;
      const result = rule.read(text);
      if (result.ok) save(rule.change(result.value));
      else setError(result.message);
    },
  };
}
