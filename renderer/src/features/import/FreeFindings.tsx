// What the free checks found among the addresses to check, shown beside the
// free clean-up before anything is paid: throw-away domains, role mailboxes,
// likely typos (with the address probably meant: the user's own is never
// changed), domains with no mail server and free webmail. Only what was found
// is listed; when the DNS could not be used here, a note says that those
// addresses are sent as usual rather than counted as having no mail server.
// Which of them are paid for is the "Don't pay for" choice (DontPayFor.tsx).
import type { ImportView } from '../../../../electron/ipc/contract';
import { formatNumber, plural } from '../../format';
import './findings.css';

type Findings = NonNullable<ImportView['findings']>;

interface Line {
  key: string;
  count: number;
  text: string;
}

function lines(f: Findings): Line[] {
  const all: Line[] = [
    {
      key: 'disposable',
      count: f.disposable,
      text: 'at throw-away domains (not worth paying for)',
    },
    {
      key: 'role',
      count: f.role,
      text: `${f.role === 1 ? 'role address' : 'role addresses'} (info@, sales@…)`,
    },
    { key: 'typo', count: f.typo, text: f.typo === 1 ? 'possible typo' : 'possible typos' },
    { key: 'no-mail', count: f.noMail, text: 'at domains with no mail server' },
    { key: 'free', count: f.free, text: 'at free webmail (gmail.com, yahoo.com…)' },
  ];
  return all.filter((line) => line.count > 0);
}

function Suggestions({ findings }: { findings: Findings }) {
  const { suggestions, typo } = findings;
  if (suggestions.length === 0) return null;
  const more = typo - suggestions.length;
  return (
    <ul className="finding-suggestions" data-testid="findings-suggestions">
      {suggestions.map((s, i) => (
        <li key={i}>
          <span className="finding-address">{s.address}</span>
          <span className="finding-arrow" aria-hidden="true">
            →
          </span>
          <span className="visually-hidden"> may be meant as </span>
          <span className="finding-address is-meant">{s.suggestion}</span>
        </li>
      ))}
      {more > 0 && <li className="hint">and {plural(more, 'more', 'more')}</li>}
    </ul>
  );
}

/** The free checks' lines for the review; nothing when nothing was found and the DNS worked. */
export function FreeFindings({ findings }: { findings: ImportView['findings'] }) {
  if (!findings) return null;
  const found = lines(findings);
  const dnsNote = findings.dns === 'unavailable';
  if (found.length === 0 && !dnsNote) return null;
  return (
    <div className="findings" data-testid="review-findings">
      <h3 className="card-label">Found for free</h3>
      {found.length > 0 && (
        <ul className="finding-lines">
          {found.map((line) => (
            <li
              key={line.key}
              className={`finding is-${line.key}`}
              data-testid={`findings-${line.key}`}
            >
              <span className="finding-count">{formatNumber(line.count)}</span> {line.text}
              {line.key === 'typo' && <Suggestions findings={findings} />}
            </li>
          ))}
        </ul>
      )}
      {found.length > 0 && (
        <p className="hint">
          Your addresses are never changed: a suggestion is only shown, and can be added to the
          export.
        </p>
      )}
      {dnsNote && (
        <p className="hint finding-note" data-testid="findings-dns-unavailable">
          Mail servers could not be checked on this network; these addresses are sent as usual.
        </p>
      )}
    </div>
  );
}
