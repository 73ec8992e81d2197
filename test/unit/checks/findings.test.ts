// The free local checks on an address: role mailbox, disposable domain, free
// webmail, and a likely typo with the address probably meant.
import { domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from '@zootools/email-spell-checker';
import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import freeDomains from 'email-providers/all.json' with { type: 'json' };
import {
  DISPOSABLE,
  FINDING_FLAGS,
  FREE,
  ROLE,
  TYPO,
  createFindings,
  findingNames,
} from '../../../electron/checks/findings';
import { findingLists, isDisposableDomain } from '../../../electron/checks/findings-lists';
import {
  checkerSuggestion,
  mayBeNearProvider,
  slipBetween,
} from '../../../electron/checks/findings-typo';
import { isValidAddress, normalizeCell } from '../../../electron/lib/addresses/address';

const free = new Set(freeDomains);
const disposable = disposableEmailBlocklistSet();

/** The findings' names and suggestion for one address, in a fresh checker. */
function judge(address: string) {
  const finding = createFindings().of(address);
  return { names: findingNames(finding?.flags ?? 0), suggestion: finding?.suggestion ?? null };
}

describe('flags', () => {
  it('are one bit each, named in a fixed order', () => {
    expect([ROLE, DISPOSABLE, FREE, TYPO]).toEqual([1, 2, 4, 8]);
    expect(FINDING_FLAGS.map(([, name]) => name)).toEqual(['role', 'disposable', 'free', 'typo']);
    expect(findingNames(0)).toEqual([]);
    expect(findingNames(ROLE | FREE)).toEqual(['role', 'free']);
    expect(findingNames(DISPOSABLE | TYPO)).toEqual(['disposable', 'typo']);
    expect(findingNames(15)).toEqual(['role', 'disposable', 'free', 'typo']);
  });
});

describe('role', () => {
  it.each([
    'info',
    'admin',
    'sales',
    'support',
    'noreply',
    'no-reply',
    'postmaster',
    'abuse',
    'webmaster',
  ])('%s@ is a role mailbox', (local) => {
    expect(judge(`${local}@acme-widgets.de`)).toEqual({ names: ['role'], suggestion: null });
  });

  it('counts with a +tag removed, and only the whole local part', () => {
    expect(judge('sales+newsletter@acme-widgets.de').names).toEqual(['role']);
    expect(judge('info+2024+q3@acme-widgets.de').names).toEqual(['role']);
    expect(judge('jane+info@acme-widgets.de')).toEqual({ names: [], suggestion: null });
    expect(judge('info.jane@acme-widgets.de').names).toEqual([]);
    expect(judge('myinfo@acme-widgets.de').names).toEqual([]);
    expect(judge('+info@acme-widgets.de').names).toEqual([]);
  });

  it('judges the address as the importer hands it over: normalized, lowercase', () => {
    const address = normalizeCell('"Sales Team" <SALES+Leads@Acme-Widgets.DE>');
    expect(address).toBe('sales+leads@acme-widgets.de');
    expect(isValidAddress(address)).toBe(true);
    expect(judge(address).names).toEqual(['role']);
  });

  it('adds to what the domain has', () => {
    expect(judge('noreply@gmail.com').names).toEqual(['role', 'free']);
  });
});

describe('disposable', () => {
  it('is a listed domain', () => {
    expect(disposable.has('mailinator.com')).toBe(true);
    expect(createFindings().flags('jane@mailinator.com') & DISPOSABLE).toBe(DISPOSABLE);
    expect(createFindings().flags('jane@guerrillamail.com') & DISPOSABLE).toBe(DISPOSABLE);
    expect(judge('jane@mailinator.com').suggestion).toBeNull();
  });

  it('is also any subdomain of a listed domain, which is not itself free webmail', () => {
    expect(disposable.has('x.mailinator.com')).toBe(false);
    expect(judge('jane@x.mailinator.com')).toEqual({ names: ['disposable'], suggestion: null });
    expect(judge('jane@a.b.mailinator.com').names).toEqual(['disposable']);
  });

  it('is not a domain that merely ends like a listed one', () => {
    expect(disposable.has('acmemailinator.com')).toBe(false);
    expect(judge('jane@acmemailinator.com').names).not.toContain('disposable');
  });
});

describe('free webmail', () => {
  it.each(['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'web.de', 'gmx.de', 'mail.ru'])(
    '%s is free webmail, and no typo',
    (domain) => {
      expect(judge(`jane@${domain}`)).toEqual({ names: ['free'], suggestion: null });
    },
  );

  it('is the domain itself, not a subdomain', () => {
    expect(judge('jane@eu.gmail.com').names).not.toContain('free');
  });
});

describe('typo', () => {
  it.each([
    ['gmial.com', 'gmail.com'],
    ['hotmial.com', 'hotmail.com'],
    ['yaho.com', 'yahoo.com'],
    ['outlok.com', 'outlook.com'],
    ['gmail.cmo', 'gmail.com'],
    ['gnail.com', 'gmail.com'],
    ['yahooo.com', 'yahoo.com'],
  ])('%s suggests %s, keeping the local part', (domain, meant) => {
    const { names, suggestion } = judge(`jane.doe+news@${domain}`);
    expect(names).toContain('typo');
    expect(suggestion).toBe(`jane.doe+news@${meant}`);
  });

  it('keeps what the lists say of a typo domain they hold', () => {
    // gmial.com and hotmial.com are typo domains kept by catch-all operators,
    // listed as disposable and as free webmail; yaho.com as free webmail.
    expect(judge('jane@gmial.com').names).toEqual(['disposable', 'free', 'typo']);
    expect(judge('jane@yaho.com').names).toEqual(['free', 'typo']);
  });

  it.each([
    'acme-widgets.de',
    'acme.com', // the checker alone says me.com
    'acme.pt', // … acme.it
    'firma.com.br', // … firma.com
    'life-science.de',
  ])('is not suggested for %s', (domain) => {
    expect(judge(`jane@${domain}`)).toEqual({ names: [], suggestion: null });
  });

  it.each(['email.com', 'mac.com', 'gmx.net', 'hotmail.com.br', 'yahoo.com.mx', 'q.com'])(
    'is not suggested for %s, a real provider in the list the checker takes for another',
    (domain) => {
      expect(free.has(domain)).toBe(true);
      expect(checkerSuggestion(domain)).not.toBeNull();
      expect(judge(`jane@${domain}`)).toEqual({ names: ['free'], suggestion: null });
    },
  );

  it('is never a disposable domain: yopmail.com is not taken for ymail.com', () => {
    expect(checkerSuggestion('yopmail.com')).toBe('ymail.com');
    expect(judge('jane@yopmail.com').names).not.toContain('typo');
  });

  it.each(['example.com', 'example.org', 'example.net', 'mail.example.com', 'gmial.test'])(
    'is not suggested for the example domain %s, which has only what the lists say',
    (domain) => {
      const expected = [
        ...(disposable.has(domain) ? ['disposable'] : []),
        ...(free.has(domain) ? ['free'] : []),
      ];
      expect(judge(`jane@${domain}`)).toEqual({ names: expected, suggestion: null });
    },
  );

  it('reads internationalized domains in both spellings, and suggests nothing for them', () => {
    expect(judge('jane@münchen.de')).toEqual({ names: [], suggestion: null });
    expect(judge('jane@xn--mnchen-3ya.de')).toEqual({ names: [], suggestion: null });
    expect(isValidAddress('jane@münchen.de')).toBe(true);
    // Listed as müll.email: found under its xn-- form too.
    expect(free.has('müll.email')).toBe(true);
    expect(judge('jane@xn--mll-hoa.email').names).toEqual(['free']);
    // Listed as xn--9kq967o.com: found under its Unicode form too.
    const unicode = domainToUnicode('xn--9kq967o.com');
    expect(unicode).not.toBe('xn--9kq967o.com');
    expect(judge(`jane@${unicode}`).names).toContain('disposable');
  });
});

describe('slipBetween', () => {
  it('names the one slip between what was typed and what was meant', () => {
    expect(slipBetween('gmial.com', 'gmail.com')).toBe('swapped');
    expect(slipBetween('yaho.com', 'yahoo.com')).toBe('left-out');
    expect(slipBetween('gmaill.com', 'gmail.com')).toBe('added');
    expect(slipBetween('gnail.com', 'gmail.com')).toBe('replaced');
    expect(slipBetween('gmail.com', 'gmail.com')).toBeNull();
    expect(slipBetween('acme.com', 'me.com')).toBeNull();
    expect(slipBetween('gmal.con', 'gmail.com')).toBeNull();
  });
});

describe('mayBeNearProvider', () => {
  it('lets through every domain one slip from a provider (one never suggested: not disposable)', () => {
    const lists = findingLists();
    const providers = [...free].filter((d, i) => i % 7 === 0 && !isDisposableDomain(lists, d));
    providers.push('gmail.com', 'yahoo.com', 'hotmail.com', 'me.com', 'qq.com');
    for (const p of providers) {
      const slips = new Set<string>();
      for (let i = 0; i <= p.length; i++) {
        slips.add(p.slice(0, i) + p.slice(i + 1)); // left out
        slips.add(`${p.slice(0, i)}x${p.slice(i)}`); // added
        slips.add(`${p.slice(0, i)}x${p.slice(i + 1)}`); // replaced
        if (i + 1 < p.length) slips.add(p.slice(0, i) + p[i + 1] + p[i] + p.slice(i + 2)); // swapped
      }
      for (const typed of slips) {
        if (typed !== '')
          expect([p, typed, mayBeNearProvider(lists, typed)]).toEqual([p, typed, true]);
      }
    }
  });

  it('lets go most company domains before the spell-checker', () => {
    const lists = findingLists();
    const companies = Array.from({ length: 1000 }, (_, i) => `firm-${i}.de`);
    expect(companies.filter((d) => mayBeNearProvider(lists, d)).length).toBeLessThan(50);
    expect(mayBeNearProvider(lists, 'acme-widgets.de')).toBe(false);
  });
});

describe('checkerSuggestion', () => {
  it('answers as the spell-checker with its own distance does', () => {
    const domains = [
      ...[...free, ...disposable].filter((_, i) => i % 5 === 0),
      ...['gmial.com', 'hotmial.com', 'yaho.com', 'outlok.com', 'gmail.cmo', 'acme.pt'],
      ...Array.from({ length: 500 }, (_, i) => `firm${i}.${['de', 'com', 'co.uk', 'io'][i % 4]}`),
    ];
    for (const domain of domains) {
      const answer = run({ email: `x@${domain}` });
      const expected = answer && answer.domain !== domain ? answer.domain : null;
      expect([domain, checkerSuggestion(domain)]).toEqual([domain, expected]);
    }
  });
});

describe('createFindings', () => {
  it('works a domain out once, and again only after its cache is cleared', () => {
    const findings = createFindings({ maxDomains: 2 });
    for (const address of ['a@gmail.com', 'b@gmail.com', 'c@acme-widgets.de', 'd@gmail.com']) {
      findings.of(address);
    }
    expect(findings.stats().domains).toBe(2);
    findings.of('e@gmial.com'); // a third domain: the cache starts again
    expect(findings.of('f@gmail.com')?.flags).toBe(FREE);
    expect(findings.of('g@gmial.com')?.suggestion).toBe('g@gmail.com');
    expect(findings.stats()).toEqual({
      addresses: 7,
      role: 0,
      disposable: 2,
      free: 6, // gmial.com is listed as free webmail too
      typo: 2,
      domains: 4,
    });
  });

  it('gives no finding for something that is no address', () => {
    const findings = createFindings();
    expect(findings.of('')).toBeNull();
    expect(findings.of('@gmail.com')).toBeNull();
    expect(findings.of('info@')).toBeNull();
    expect(findings.flags('info')).toBe(0);
    expect(findings.stats().addresses).toBe(4);
  });

  it('finds the @ after a quoted local part that holds one', () => {
    expect(isValidAddress('"a@b"@gmial.com')).toBe(true);
    expect(judge('"a@b"@gmial.com').suggestion).toBe('"a@b"@gmail.com');
  });

  it('judges 1,000,000 addresses over 20,010 domains, counting each finding', () => {
    // Half the addresses at ten free webmail domains, half spread evenly (25
    // each) over 20,000 others: 3 disposable and free, 2 disposable
    // subdomains, 5 typos, the rest companies. One address in 50 is a role
    // with a +tag. Every address is unique.
    const webmail = [
      'gmail.com',
      'yahoo.com',
      'hotmail.com',
      'outlook.com',
      'aol.com',
      'icloud.com',
      'gmx.de',
      'web.de',
      'mail.ru',
      'yandex.ru',
    ];
    const disposableFree = ['mailinator.com', 'guerrillamail.com', '10minutemail.com'];
    const disposableSub = ['lists.mailinator.com', 'a.b.guerrillamail.com'];
    const typos = ['outlok.com', 'gmail.cmo', 'yahooo.com', 'gnail.com', 'hotmal.com'];
    const others = [...disposableFree, ...disposableSub, ...typos];
    for (let n = others.length; n < 20_000; n++) others.push(`firm-${n}.${n % 3 ? 'de' : 'com'}`);
    const roles = ['info', 'sales', 'support', 'admin', 'noreply'];

    const findings = createFindings();
    let suggested = 0;
    for (let i = 0; i < 1_000_000; i++) {
      const domain = i % 2 === 0 ? webmail[(i >> 1) % 10] : others[(i >> 1) % 20_000];
      const local = i % 50 === 0 ? `${roles[(i / 50) % 5]}+${i}` : `user${i}`;
      const finding = findings.of(`${local}@${domain}`);
      if (finding?.suggestion) {
        suggested++;
        expect(finding.suggestion.startsWith(`${local}@`)).toBe(true);
      }
    }
    expect(findings.stats()).toEqual({
      addresses: 1_000_000,
      role: 20_000,
      disposable: 25 * (disposableFree.length + disposableSub.length),
      free: 500_000 + 25 * disposableFree.length,
      typo: 25 * typos.length,
      domains: 20_010,
    });
    expect(suggested).toBe(25 * typos.length);
  });
});

describe('ofBytes', () => {
  const addresses = [
    'info@acme-widgets.de',
    'sales+news@gmail.com',
    'jane.doe@gmial.com',
    'bob@mailinator.com',
    'x@sub.mailinator.com',
    'anna@yahoo.com',
    'anna+info@example.org',
    'info+@example.org',
    'müller@beispiel.de',
    'jane@bücher.example',
    '"info@x"@example.com',
    'nobody@',
    '@nobody.example',
    'plain@company.co.uk',
    'support@hotmial.com',
    'josé.garcía@gmial.com',
    'info+josé@yahoo.com',
    'δοκιμή@mailinator.com',
  ];
  const bytesOf = (text: string) => {
    // Inside a larger buffer, as the worker's batch holds each address.
    const line = Buffer.from(`zzz\n${text}\nnext+info@other.example\n`);
    const start = 4;
    return { line, start, end: start + Buffer.byteLength(text) };
  };

  it('finds what of() finds, address by address, with the same counts', () => {
    const byText = createFindings();
    const byBytes = createFindings();
    for (const address of [...addresses, ...addresses]) {
      const { line, start, end } = bytesOf(address);
      expect(byBytes.ofBytes(line, start, end), address).toEqual(byText.of(address));
    }
    expect(byBytes.stats()).toEqual(byText.stats());
  });

  it('tells apart two domains of one hash, and tells each domain to onDomain once', () => {
    const told: string[] = [];
    const findings = createFindings({ onDomain: (d) => told.push(d) });
    const fresh = createFindings();
    // d549599.example and d712382.example have the same FNV-1a hash.
    const given = [
      'a@d549599.example',
      'info@d712382.example',
      'b@mailinator.com',
      'c@d712382.example',
      'd@d549599.example',
    ];
    for (const address of given) {
      const { line, start, end } = bytesOf(address);
      expect(findings.ofBytes(line, start, end), address).toEqual(fresh.of(address));
    }
    expect(told).toEqual(['d549599.example', 'd712382.example', 'mailinator.com']);
  });
});
