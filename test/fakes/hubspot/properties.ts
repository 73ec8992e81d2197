// Contact properties: GET/POST /crm/v3/properties/contacts and GET/PATCH
// /crm/v3/properties/contacts/{propertyName}, enough to create the
// `list_cleaner_status` enumeration and the `list_cleaner_checked_at` date.
//  - https://developers.hubspot.com/docs/guides/api/crm/properties
//  - model: github.com/HubSpot/hubspot-api-nodejs codegen/crm/properties/models
//    (PropertyCreate, Property, OptionInput)
import { z } from 'zod';
import { parseJsonBody } from '../common/body';
import type { FakeReply } from '../common/server';
import type { Property } from './data';
import { hsError, notFound, validation } from './errors';

const option = z.object({
  label: z.string(),
  value: z.string(),
  displayOrder: z.number().int().optional(),
  hidden: z.boolean().optional(),
  description: z.string().optional(),
});

const TYPES = ['string', 'number', 'date', 'datetime', 'enumeration', 'bool'] as const;
/** Which field types each type allows, from the guide's table of type and fieldType. */
const FIELD_TYPES: Record<(typeof TYPES)[number], string[]> = {
  string: ['text', 'textarea', 'file', 'html', 'phonenumber'],
  number: ['number', 'calculation_equation'],
  date: ['date'],
  datetime: ['date'],
  enumeration: ['select', 'radio', 'checkbox', 'booleancheckbox', 'calculation_equation'],
  bool: ['booleancheckbox', 'calculation_equation'],
};

const createBody = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be lowercase letters, digits and underscores'),
  label: z.string().min(1),
  type: z.enum(TYPES),
  fieldType: z.string(),
  groupName: z.string(),
  description: z.string().optional(),
  options: z.array(option).optional(),
  displayOrder: z.number().int().optional(),
  hasUniqueValue: z.boolean().optional(),
  hidden: z.boolean().optional(),
  formField: z.boolean().optional(),
});

const GROUPS = new Set(['contactinformation']);

const toOptions = (options: z.infer<typeof option>[]) =>
  options.map((o, i) => ({
    label: o.label,
    value: o.value,
    displayOrder: o.displayOrder ?? i,
    hidden: o.hidden ?? false,
  }));

export function listProperties(props: Map<string, Property>): FakeReply {
  return { status: 200, json: { results: [...props.values()] } };
}

export function getProperty(props: Map<string, Property>, name: string): FakeReply {
  const p = props.get(name);
  return p === undefined
    ? notFound(`Unable to find property ${name} for object type 0-1`)
    : { status: 200, json: p };
}

export function createProperty(props: Map<string, Property>, body: Buffer): FakeReply {
  const parsed = parseJsonBody(createBody, body);
  if (!parsed.ok) {
    return validation(
      `Invalid input JSON: ${parsed.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') || parsed.reason}`,
    );
  }
  const p = parsed.value;
  if (props.has(p.name))
    return hsError(409, 'CONFLICT', `Property named '${p.name}' already exists.`);
  if (!FIELD_TYPES[p.type].includes(p.fieldType))
    return validation(`fieldType ${p.fieldType} is not valid for type ${p.type}`);
  if (!GROUPS.has(p.groupName)) return validation(`Property group ${p.groupName} does not exist`);
  if (
    p.type === 'enumeration' &&
    (p.options ?? []).length === 0 &&
    p.fieldType !== 'booleancheckbox'
  ) {
    return validation('enumeration properties must have options');
  }
  const now = new Date().toISOString();
  const created: Property = {
    name: p.name,
    label: p.label,
    type: p.type,
    fieldType: p.fieldType,
    groupName: p.groupName,
    description: p.description ?? '',
    options: toOptions(p.options ?? []),
    modificationMetadata: { readOnlyValue: false, readOnlyDefinition: false, archivable: true },
    createdAt: now,
    updatedAt: now,
    archived: false,
  };
  props.set(p.name, created);
  return { status: 201, json: created };
}

const patchBody = z.object({
  label: z.string().optional(),
  description: z.string().optional(),
  options: z.array(option).optional(),
});

/** PATCH replaces the options with those given (the guide: to add an option, send all of them). */
export function patchProperty(props: Map<string, Property>, name: string, body: Buffer): FakeReply {
  const p = props.get(name);
  if (p === undefined) return notFound(`Unable to find property ${name} for object type 0-1`);
  if (p.modificationMetadata.readOnlyDefinition)
    return validation(`${name} is a HubSpot defined property; its definition cannot be changed`);
  const parsed = parseJsonBody(patchBody, body);
  if (!parsed.ok) return validation(`Invalid input JSON: ${parsed.reason}`);
  if (parsed.value.label !== undefined) p.label = parsed.value.label;
  if (parsed.value.description !== undefined) p.description = parsed.value.description;
  if (parsed.value.options !== undefined) p.options = toOptions(parsed.value.options);
  p.updatedAt = new Date().toISOString();
  return { status: 200, json: p };
}
