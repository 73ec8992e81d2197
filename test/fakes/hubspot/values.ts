// Whether a value may be written to a contact property, as the Properties
// guide describes each type: enumeration values must be one of the
// property's options (several, separated by ";", for checkboxes); a `date`
// is "YYYY-MM-DD" or a UNIX time in milliseconds at midnight UTC; read-only
// and unknown properties are refused.
//  - https://developers.hubspot.com/docs/guides/api/crm/properties
//  - https://developers.hubspot.com/docs/api-reference/legacy/crm/objects/contacts/batch/update-contacts
import type { Property } from './data';

export function checkValue(p: Property | undefined, name: string, value: string) {
  const invalid = (error: string, message: string) => ({
    isValid: false as const,
    message,
    error,
    name,
  });
  if (p === undefined) return invalid('PROPERTY_DOESNT_EXIST', `Property "${name}" does not exist`);
  if (p.modificationMetadata.readOnlyValue)
    return invalid(
      'READ_ONLY_VALUE',
      `"${name}" is a read only property; its value cannot be set.`,
    );
  if (value === '') return null; // "Properties values can be cleared by passing an empty string."
  if (p.type === 'enumeration') {
    const allowed = new Set(p.options.map((o) => o.value));
    const values = p.fieldType === 'checkbox' ? value.split(';') : [value];
    const bad = values.find((v) => !allowed.has(v));
    if (bad !== undefined) {
      return invalid(
        'INVALID_OPTION',
        `${bad} was not one of the allowed options: ${[...allowed].map((v) => `<option value="${v}">`).join(', ')}`,
      );
    }
  }
  if (p.type === 'date') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value))
      return Number.isNaN(Date.parse(value))
        ? invalid('INVALID_DATE', `${value} is not a valid date`)
        : null;
    if (!/^\d+$/.test(value)) return invalid('INVALID_DATE', `${value} is not a valid date`);
    if (Number(value) % 86_400_000 !== 0) {
      return invalid(
        'INVALID_DATE',
        `${value} is at ${new Date(Number(value)).toISOString().slice(11, 23)} UTC, not midnight!`,
      );
    }
  }
  if (p.type === 'number' && !/^-?\d+(\.\d+)?$/.test(value))
    return invalid('INVALID_INTEGER', `${value} is not a valid number`);
  return null;
}
