// The Export panel's choice of file type: CSV, or an Excel workbook. A
// workbook's own list is offered back as a workbook first (the summary's
// exportFormat); the panel holds which one is chosen.
import type { ExportFormat } from '../../../../../electron/ipc/contract';
import { EXPORT_FORMATS } from '../../../../../electron/common/model';
import { FORMAT_WORDS } from './export-words';

interface Props {
  /** The radio group's name, unique to its panel. */
  name: string;
  value: ExportFormat;
  onChange: (format: ExportFormat) => void;
}

export function ExportFormatChoice({ name, value, onChange }: Props) {
  return (
    <fieldset className="export-group export-format">
      <legend>File type</legend>
      <div className="export-format-options">
        {EXPORT_FORMATS.map((format) => (
          <label key={format} className="export-choice is-option">
            <input
              type="radio"
              name={name}
              value={format}
              checked={value === format}
              onChange={() => onChange(format)}
            />
            <span className="export-choice-text">
              <span className="export-choice-label">{FORMAT_WORDS[format].label}</span>
              <span className="export-choice-hint">{FORMAT_WORDS[format].hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
