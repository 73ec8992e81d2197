// The question asked before something is removed or forgotten: what it means
// in words, why it failed if it did, and the two answers, the safe one taking
// the focus so that Enter keeps things as they are.
import type { ReactNode } from 'react';
import { useT } from '../i18n/words';
import { ErrorNotice } from './ErrorNotice';

interface Props {
  /** The group's name, read out: the question in a few words ("Remove Mailchimp?"). */
  label: string;
  children: ReactNode;
  /** The answer that goes ahead ("Remove", "Forget them"). */
  confirm: string;
  /** The answer that keeps things as they are. */
  keep?: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onKeep: () => void;
  className?: string;
}

export function DangerConfirm(props: Props) {
  const t = useT();
  return (
    <div
      className={props.className ? `danger-confirm ${props.className}` : 'danger-confirm'}
      role="group"
      aria-label={props.label}
    >
      <p>{props.children}</p>
      {props.error != null && <ErrorNotice error={props.error} />}
      <div className="button-row">
        <button
          type="button"
          className="button danger small"
          disabled={props.pending}
          onClick={props.onConfirm}
        >
          {props.confirm}
        </button>
        <button type="button" className="button secondary small" autoFocus onClick={props.onKeep}>
          {props.keep ?? t('common.keepIt')}
        </button>
      </div>
    </div>
  );
}
