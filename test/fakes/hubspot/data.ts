// The CRM data the HubSpot fake holds: contacts (SimplePublicObject: id,
// properties as strings, createdAt, updatedAt, archived), contact properties
// (the Properties API's Property) and lists (ILS lists with memberships).
// Shapes from the public CRM OpenAPI specs as generated in
// github.com/HubSpot/hubspot-api-nodejs (codegen/crm/contacts,
// codegen/crm/properties, codegen/crm/lists).

export interface PropertyOption {
  label: string;
  value: string;
  displayOrder: number;
  hidden: boolean;
}

export interface Property {
  name: string;
  label: string;
  type: string;
  fieldType: string;
  groupName: string;
  description: string;
  options: PropertyOption[];
  hubspotDefined?: boolean;
  modificationMetadata: {
    readOnlyValue: boolean;
    readOnlyDefinition: boolean;
    archivable: boolean;
  };
  createdAt: string;
  updatedAt: string;
  archived: boolean;
}

export interface Contact {
  id: string;
  properties: Record<string, string>;
  createdAt: string;
  updatedAt: string;
  /** Batch updates that changed a value of this contact (tests count writes with it; not an API field). */
  writes?: number;
}

export interface HsList {
  listId: string;
  name: string;
  processingType: 'MANUAL' | 'SNAPSHOT' | 'DYNAMIC';
  objectTypeId: '0-1';
  createdAt: string;
  updatedAt: string;
  /** Member record ids, in ascending order (memberships are "sorted by the recordId"). */
  members: string[];
  joinedAt: Map<string, string>;
}

export interface ContactSeed {
  email: string;
  firstName?: string;
  lastName?: string;
  properties?: Record<string, string>;
}

export interface HsListSeed {
  name: string;
  /** Indexes into the contacts given, or all when absent. */
  members?: number[];
  processingType?: HsList['processingType'];
}

function builtIn(
  name: string,
  label: string,
  type: string,
  fieldType: string,
  readOnly = false,
): Property {
  const t = '2019-08-06T02:41:52.000Z';
  return {
    name,
    label,
    type,
    fieldType,
    groupName: 'contactinformation',
    description: '',
    options: [],
    hubspotDefined: true,
    modificationMetadata: { readOnlyValue: readOnly, readOnlyDefinition: true, archivable: false },
    createdAt: t,
    updatedAt: t,
    archived: false,
  };
}

/** The default properties a contact read returns, and a few a client touches. */
export function builtInProperties(): Property[] {
  return [
    builtIn('email', 'Email', 'string', 'text'),
    builtIn('firstname', 'First Name', 'string', 'text'),
    builtIn('lastname', 'Last Name', 'string', 'text'),
    // "Unsubscribed from all email": set by HubSpot when a contact opts out, not by an API write.
    builtIn(
      'hs_email_optout',
      'Unsubscribed from all email',
      'enumeration',
      'booleancheckbox',
      true,
    ),
    builtIn('createdate', 'Create Date', 'datetime', 'date', true),
    builtIn('lastmodifieddate', 'Last Modified Date', 'datetime', 'date', true),
    builtIn('hs_object_id', 'Record ID', 'number', 'number', true),
  ];
}

/** "By default, the following properties are returned": email, firstname, lastname, createdate, lastmodifieddate, hs_object_id. */
export const DEFAULT_PROPERTIES = [
  'createdate',
  'email',
  'firstname',
  'hs_object_id',
  'lastmodifieddate',
  'lastname',
];

export function demoContacts(n: number): ContactSeed[] {
  return Array.from({ length: n }, (_, i) => ({
    email: `contact${i}@example.com`,
    firstName: `First${i}`,
    lastName: `Last${i}`,
  }));
}
