// The list quality grade of a finished job: a letter and a score from the
// outcome counts (electron/common/grade.ts, the command line says the same),
// and what it means for sending, its shares as percentages (plain-words.ts).
// How it was computed, with this list's numbers, is one click away behind
// "How is this computed?": nothing is hidden, but a formula is not what a
// marketer reads first. A job not finished has no grade yet, and a list with
// nothing checked has none at all; the card says why.
import { useId } from 'react';
import type { RowStatusName } from '../../../../../electron/ipc/contract';
import { gradeBandsWords, listGrade, noGradeWords } from '../../../../../electron/common/grade';
import { formatNumber, formatPercent } from '../../../format';
import { useT } from '../../../i18n/words';
import './grade.css';

export function QualityGrade({
  statuses,
  complete,
}: {
  statuses: Record<RowStatusName, number>;
  /** Every address has its outcome: a failed job's partial counts are not graded. */
  complete: boolean;
}) {
  const t = useT();
  const titleId = useId();
  const grade = complete
    ? listGrade(
        statuses,
        t,
        (n) => formatNumber(n),
        (share) => formatPercent(share),
      )
    : null;
  return (
    <section
      className="card results-card grade-card"
      aria-labelledby={titleId}
      data-testid="quality-grade"
    >
      <div
        className={`grade-mark ${grade ? `is-${grade.letter.toLowerCase()}` : 'is-none'}`}
        aria-hidden="true"
        data-testid="grade-letter"
      >
        {grade ? grade.letter : '–'}
      </div>
      <div className="grade-body">
        <h2 className="results-card-title" id={titleId}>
          {t('grade.title')}
        </h2>
        {grade ? (
          <>
            <p className="grade-headline" data-testid="grade-score">
              <span className="visually-hidden">
                {t('grade.scoreLead', { letter: grade.letter })}
              </span>
              <span className="grade-score">{grade.score}</span>
              <span className="grade-out-of"> / 100</span>
              <span className="grade-verdict"> · {grade.verdict}</span>
            </p>
            <p className="grade-sending" data-testid="grade-sending">
              {grade.sending}
            </p>
            <details className="disclosure grade-details">
              <summary>{t('grade.howTitle')}</summary>
              <p className="hint grade-how" data-testid="grade-how">
                {grade.how}
              </p>
              <p className="hint">{t('grade.letters', { bands: gradeBandsWords(t) })}</p>
            </details>
          </>
        ) : (
          <p className="hint grade-none" data-testid="grade-none">
            {complete ? noGradeWords(t) : t('grade.notYet')}
          </p>
        )}
      </div>
    </section>
  );
}
