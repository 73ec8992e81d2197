// Contact attributes: GET /contacts/attributes ({ attributes: [{ name,
// category, type }] }) and POST /contacts/attributes/{attributeCategory}/{attributeName}
// (body CreateAttribute: `type` for a normal attribute; 201 with no body).
//  - getbrevo/brevo-python 1.2.0 docs/ContactsApi.md (create_attribute returns
//    nothing), docs/CreateAttribute.md, docs/GetAttributesAttributes.md
//  - https://developers.brevo.com/reference/create-attribute ("use "type"
//    for normal, transactional, or category attributes")
// Assumed: an existing name is refused with 400 duplicate_parameter, and
// only the normal category with the plain types is modelled.
import { z } from 'zod';
import { parseJsonBody } from '../common/body';
import type { FakeReply } from '../common/server';
import type { Attribute } from './data';
import { duplicate, invalid } from './errors';

const createBody = z.object({
  type: z.enum(['text', 'date', 'float', 'boolean']).optional(),
  value: z.string().optional(),
  isRecurring: z.boolean().optional(),
  enumeration: z.array(z.object({ value: z.number(), label: z.string() })).optional(),
  multiCategoryOptions: z.array(z.string()).optional(),
});

export function listAttributes(attributes: Map<string, Attribute>): FakeReply {
  return { status: 200, json: { attributes: [...attributes.values()] } };
}

export function createAttribute(
  attributes: Map<string, Attribute>,
  category: string,
  rawName: string,
  body: Buffer,
): FakeReply {
  if (category !== 'normal') return invalid(`Attribute category ${category} is not supported`);
  // Brevo keeps attribute names in capitals; a contact update names them so.
  const name = rawName.toUpperCase();
  if (!/^[A-Z][A-Z0-9_]*$/.test(name)) return invalid(`Invalid attribute name: ${rawName}`);
  const parsed = parseJsonBody(createBody, body.length === 0 ? Buffer.from('{}') : body);
  if (!parsed.ok) return invalid(`Invalid body: ${parsed.reason}`);
  if (attributes.has(name)) return duplicate('Attribute name must be unique');
  attributes.set(name, { name, category: 'normal', type: parsed.value.type ?? 'text' });
  return { status: 201 };
}
