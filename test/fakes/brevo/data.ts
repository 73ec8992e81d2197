// What the Brevo fake holds: contacts (with their list memberships, as
// Brevo keeps them on the contact: listIds, listUnsubscribed), lists, and
// the account's contact attributes. Shapes from the v3 models
// (getbrevo/brevo-python 1.2.0 docs/GetContactDetails.md, GetLists.md,
// GetAttributesAttributes.md; getbrevo/brevo-node 3.0.1
// model/getListsListsInner.ts).

export type AttributeValue = string | number | boolean;

export interface Contact {
  id: number;
  email: string;
  emailBlacklisted: boolean;
  smsBlacklisted: boolean;
  createdAt: string;
  modifiedAt: string;
  listIds: number[];
  listUnsubscribed: number[];
  attributes: Record<string, AttributeValue>;
}

export interface BrevoList {
  id: number;
  name: string;
  folderId: number;
  createdAt: string;
}

export type AttributeType = 'text' | 'date' | 'float' | 'boolean';

export interface Attribute {
  name: string;
  category: 'normal';
  type: AttributeType;
}

/** One contact changed by a write: which attributes it set, and whether it blocklisted or unlinked. */
export interface UpdateRecord {
  at: number;
  contactId: number;
  attributes: string[];
  emailBlacklisted?: boolean;
  unlinkListIds?: number[];
}

export interface BrevoContactSeed {
  email: string;
  firstName?: string;
  lastName?: string;
  /** Blocklisted for email: Brevo's "unsubscribed from all emails". */
  emailBlacklisted?: boolean;
  /** Unsubscribed from the lists it is seeded into, while still linked to them. */
  listUnsubscribed?: boolean;
  attributes?: Record<string, AttributeValue>;
}

export interface BrevoListSeed {
  name: string;
  /** Indexes into the contacts given, or all when absent. */
  members?: number[];
}

/** A fresh account's own attributes (FIRSTNAME, LASTNAME, SMS are Brevo's defaults). */
export function defaultAttributes(): Attribute[] {
  return [
    { name: 'FIRSTNAME', category: 'normal', type: 'text' },
    { name: 'LASTNAME', category: 'normal', type: 'text' },
    { name: 'SMS', category: 'normal', type: 'text' },
  ];
}

export function demoBrevoContacts(n: number): BrevoContactSeed[] {
  return Array.from({ length: n }, (_, i) => ({
    email: `contact${i}@example.com`,
    firstName: `First${i}`,
    lastName: `Last${i}`,
  }));
}

/** Contacts seeded with ascending ids (Brevo's ids grow with creation) and lists from id 2 (1 is often the account's first list). */
export function seedAccount(
  contacts: BrevoContactSeed[],
  lists: BrevoListSeed[],
): { contacts: Contact[]; lists: BrevoList[] } {
  const now = new Date().toISOString();
  const made: Contact[] = contacts.map((s, i) => ({
    id: i + 1,
    email: s.email.toLowerCase(),
    emailBlacklisted: s.emailBlacklisted ?? false,
    smsBlacklisted: false,
    createdAt: now,
    modifiedAt: now,
    listIds: [],
    listUnsubscribed: [],
    attributes: {
      ...(s.firstName === undefined ? {} : { FIRSTNAME: s.firstName }),
      ...(s.lastName === undefined ? {} : { LASTNAME: s.lastName }),
      ...s.attributes,
    },
  }));
  const madeLists = lists.map((l, i) => {
    const list: BrevoList = { id: 2 + i, name: l.name, folderId: 1, createdAt: now };
    for (const j of l.members ?? made.map((_, k) => k)) {
      const c = made[j];
      if (c === undefined) continue;
      c.listIds.push(list.id);
      if (contacts[j]?.listUnsubscribed) c.listUnsubscribed.push(list.id);
    }
    return list;
  });
  return { contacts: made, lists: madeLists };
}
