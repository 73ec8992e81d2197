// A setting typed into a Settings form: the text being edited (null while
// the saved value shows), why it was refused, and whether it was just saved
// ("Saved." until the field is edited again). Each form reads its own text;
// the rest of the round trip is the same for all of them.
import { useState } from 'react';
import type { useUpdateSettings } from '../../api/hooks';

type Update = ReturnType<typeof useUpdateSettings>;
export type SettingsChange = Parameters<Update['mutate']>[0];

export function useSettingEdit(update: Update) {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const save = (change: SettingsChange) =>
    update.mutate(change, {
      onSuccess: () => {
        setText(null);
        setError(null);
        setSaved(true);
      },
    });

  return {
    text,
    error,
    saved,
    /** The field was typed in: what it says now, refused no longer, not saved yet. */
    edit(value: string) {
      setText(value);
      setError(null);
      setSaved(false);
    },
    save,
    /** Saves what was typed, as `read` reads it and `change` makes it a setting; or says why not. */
    submit<R extends { ok: true }>(
      read: (text: string) => R | { ok: false; message: string },
      change: (read: R) => SettingsChange,
    ) {
      if (text === null) return;
      const result = read(text);
      if (result.ok) save(change(result));
      else setError(result.message);
    },
  };
}
