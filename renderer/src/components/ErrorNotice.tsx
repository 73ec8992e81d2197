// How a failed call reads on every screen: its message for the user in an alert, with one icon;
// the technical words behind it ("ECONNREFUSED"), when main sent any, only behind "Details".
import { ApiError, errorMessage } from '../api/call';
import { useT } from '../i18n/words';

/** The error notices' icon: a circled exclamation mark, hidden from screen readers. */
export function ErrorIcon() {
  return (
    <svg className="notice-icon" viewBox="0 0 20 20" aria-hidden="true">
      <path
        fill="currentColor"
        d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm0 4a1 1 0 0 1 1 1v4a1 1 0 1 1-2 0v-4a1 1 0 0 1 1-1Zm0 9.25a1.25 1.25 0 1 1 0-2.5 1.25 1.25 0 0 1 0 2.5Z"
      />
    </svg>
  );
}

export function ErrorNotice({ error, title }: { error: unknown; title?: string }) {
  const t = useT();
  return (
    <div className="notice notice-error" role="alert">
      <ErrorIcon />
      <div>
        {title && <p className="notice-title">{title}</p>}
        <p>{errorMessage(error, t)}</p>
        {error instanceof ApiError && error.details !== undefined && (
          <details className="error-details">
            <summary>{t('common.errorDetails')}</summary>
            <code data-testid="error-details">{error.details}</code>
          </details>
        )}
      </div>
    </div>
  );
}
