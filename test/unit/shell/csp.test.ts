import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../electron/shell/window/csp';

/** Parses a policy the way a browser does, refusing repeated directives (the browser ignores all but the first). */
function parse(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    expect(directives.has(name), `directive ${name} appears twice`).toBe(false);
    directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

const UNSAFE = ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'wasm-unsafe-eval'"];

describe.each([{ dev: false }, { dev: true }])('content security policy (dev: $dev)', ({ dev }) => {
  const policy = contentSecurityPolicy({ dev });
  const directives = parse(policy);

  it('is one policy on one line, safe to send as a header', () => {
    // A comma would split the header into two policies; a newline would end the header.
    expect(policy).not.toMatch(/[,\r\n]/);
  });

  it('denies by default and shuts plugins, base rewriting, forms and framing', () => {
    for (const name of [
      'default-src',
      'object-src',
      'base-uri',
      'form-action',
      'frame-ancestors',
    ]) {
      expect(directives.get(name), name).toEqual(["'none'"]);
    }
  });

  it('never allows eval, and no directive falls back to a looser source than default-src', () => {
    expect(policy).not.toContain("'unsafe-eval'");
    expect(policy).not.toContain("'wasm-unsafe-eval'");
    for (const name of ['frame-src', 'child-src', 'worker-src', 'manifest-src', 'media-src']) {
      expect(directives.get(name) ?? ["'none'"], name).toEqual(["'none'"]);
    }
  });

  it('loads scripts, styles, fonts and images only from the app itself (images may be data:)', () => {
    expect(directives.get('script-src')).toContain("'self'");
    // Vite's dev server injects <style> elements; only the dev policy allows them.
    expect(directives.get('style-src')).toEqual(dev ? ["'self'", "'unsafe-inline'"] : ["'self'"]);
    expect(directives.get('font-src')).toEqual(["'self'"]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:']);
  });
});

describe('content security policy of the built app', () => {
  const policy = contentSecurityPolicy({ dev: false });
  const directives = parse(policy);

  it("runs only the app's own scripts", () => {
    expect(directives.get('script-src')).toEqual(["'self'"]);
  });

  it('lets the renderer connect nowhere: main does all network calls', () => {
    expect(directives.get('connect-src')).toEqual(["'none'"]);
  });

  it('has no unsafe keyword anywhere', () => {
    for (const keyword of UNSAFE) expect(policy).not.toContain(keyword);
  });

  it('names no host, scheme wildcard or * source other than data: images', () => {
    for (const [name, sources] of directives) {
      for (const source of sources) {
        const allowed = source.startsWith("'") || (name === 'img-src' && source === 'data:');
        expect(allowed, `${name} ${source}`).toBe(true);
      }
    }
  });
});

describe('content security policy of the dev server', () => {
  const directives = parse(contentSecurityPolicy({ dev: true }));

  it('connects only to the local dev server (HMR socket), never to a remote host', () => {
    const sources = directives.get('connect-src') ?? [];
    expect(sources).toContain("'self'");
    for (const source of sources.filter((s) => !s.startsWith("'"))) {
      expect(source, source).toMatch(/^(ws|http):\/\/localhost:\*$/);
    }
  });

  it('allows inline scripts only for the dev preamble, and still only from itself', () => {
    expect(directives.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });
});
