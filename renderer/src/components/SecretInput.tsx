// A field for a secret (an API key): masked as it is typed, with a Show button
// beside it for checking what was pasted. Shown is a moment's choice: it is
// masked again once the focus leaves the field and its button, so a key is
// never left in sight on a screen walked away from.
import { useState, type InputHTMLAttributes } from 'react';
import { useT } from '../i18n/words';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

export function SecretInput(props: Props) {
  const t = useT();
  const [shown, setShown] = useState(false);
  return (
    <div
      className="input-with-action"
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setShown(false);
      }}
    >
      <input {...props} type={shown ? 'text' : 'password'} autoComplete="off" spellCheck={false} />
      <button
        type="button"
        className="input-action"
        onClick={() => setShown((v) => !v)}
        aria-pressed={shown}
        aria-controls={props.id}
        disabled={props.disabled}
      >
        {shown ? t('common.hide') : t('common.show')}
      </button>
    </div>
  );
}
