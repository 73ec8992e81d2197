// The Export panel's choice of file type: CSV, or an Excel workbook. A
// workbook's own list is offered back as a workbook first (the summary's
// exportFormat); the panel holds which one is chosen.
import type { ExportFormat } from '../../../../../electron/ipc/contract';
import { EXPORT_FORMATS } from '../../../../../electron/common/model';
import { useT } from '../../../i18n/words';
import { formatWords } from './export-words';

interface Props {
  /** The radio group's name, unique to its panel. */
  name: string;
  value: ExportFormat;
  onChange: (format: ExportFormat) => void;
}

export function ExportFormatChoice({ name, value, onChange }: Props) {
  const t = useT();
  return (
    <fieldset className="export-group export-format">
      <legend>{t('export.format.legend')}</legend>
      <div className="export-format-options">
        {EXPORT_FORMATS.map((format) => {
          const words = formatWords(t, format);
          return (
            <label key={format} className="export-choice is-option">
              <input
                type="radio"
                name={name}
                value={format}
                checked={value === format}
                onChange={() => onChange(format)}
              />
              <span className="export-choice-text">
                <span className="export-choice-label">{words.label}</span>
                <span className="export-choice-hint">{words.hint}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
