// The Content-Security-Policy of the renderer: scripts only from the app
// itself, no remote connections of any kind (the renderer never touches the
// network; main does). The dev server needs its HMR socket and inline preamble.

export function contentSecurityPolicy({ dev }: { dev: boolean }): string {
  const directives: Record<string, string> = {
    'default-src': "'none'",
    'script-src': dev ? "'self' 'unsafe-inline'" : "'self'",
    // Vite's dev server injects CSS as <style> elements; the build ships files.
    'style-src': dev ? "'self' 'unsafe-inline'" : "'self'",
    'img-src': "'self' data:",
    'font-src': "'self'",
    'connect-src': dev ? "'self' ws://localhost:* http://localhost:*" : "'none'",
    'base-uri': "'none'",
    'form-action': "'none'",
    'frame-ancestors': "'none'",
    'object-src': "'none'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}
