// The New list screen: the drop zone, a list from a platform and the paste box, the progress of a
// list being read, or the review of the first list read, with the notices of
// files that failed and the other lists waiting for review.
import type { ReactNode } from 'react';
import { useUiStore } from '../../state/ui-store';
import { FromPlatform } from './platforms/FromPlatform';
import { ChooseFileButton } from './reading/ChooseFileButton';
import { DraftsWaiting } from './reading/DraftsWaiting';
import { ImportFailures } from './reading/ImportFailures';
import { PasteBox, usePasteAnywhere } from './reading/PasteBox';
import { Reading, ReadingStrip } from './reading/Reading';
// The screen's stylesheet before the review's: they load in this order.
import './import.css';
import { ReviewPanel } from './review/ReviewPanel';
import { useImportFlow } from './use-file-import';
import { useT } from '../../i18n/words';

/** New list: drop, choose or paste a list, or read one from a platform; watch it being read, review it, start. */
export function ImportScreen() {
  const review = useUiStore((s) => s.review);
  const importing = useUiStore((s) => s.importing);
  const failures = useImportFlow((s) => s.failures);
  usePasteAnywhere();

  const notices = <ImportFailures failures={failures} />;

  return (
    <div className="import-screen">
      {review ? (
        <ReviewPanel
          review={review}
          notices={
            <>
              {importing && <ReadingStrip importing={importing} />}
              {notices}
              <DraftsWaiting current={review.job} />
            </>
          }
        />
      ) : importing ? (
        <Reading importing={importing} notices={notices} />
      ) : (
        <EmptyState notices={notices} />
      )}
    </div>
  );
}

function EmptyState({ notices }: { notices: ReactNode }) {
  const t = useT();
  return (
    <>
      <h1 className="page-title">{t('import.title')}</h1>
      {notices}
      <DraftsWaiting current={null} />
      <section className="drop-zone" aria-labelledby="drop-zone-title">
        <svg className="drop-zone-icon" viewBox="0 0 48 48" aria-hidden="true">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
            d="M12 6h17l9 9v25a2 2 0 0 1-2 2H12a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2Z"
          />
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            d="M29 6v9h9M17 24h14M17 30h14M17 36h8"
          />
        </svg>
        <h2 id="drop-zone-title" className="drop-zone-title">
          {t('import.drop.title')}
        </h2>
        <p className="drop-zone-text">{t('import.drop.text')}</p>
        <ChooseFileButton />
        <ul className="drop-zone-facts">
          <li>{t('import.drop.factFree')}</li>
          <li>{t('import.drop.factKept')}</li>
          <li>{t('import.drop.factNothingCharged')}</li>
        </ul>
      </section>
      <FromPlatform />
      <PasteBox />
    </>
  );
}
