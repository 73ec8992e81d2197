// A team store address pasted with its password in it ("postgres://crew:pw@
// host/db", as database tools hand them out) must not stay on screen: the
// window moves the password into the masked password field as it is pasted,
// so no screenshot, error or field shows it in clear (issue 48). The core
// splits it off again on saving (team/url.ts), whatever the window sends.
// Plain WHATWG URL, so the window and the core can share it.

/** The address without its password and the password, or null when it holds none. */
export function passwordOutOfUrl(text: string): { url: string; password: string } | null {
  const value = text.trim();
  if (!/^postgres(?:ql)?:\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.password === '') return null;
  let password: string;
  try {
    password = decodeURIComponent(url.password);
  } catch {
    password = url.password;
  }
  url.password = '';
  return { url: url.href, password };
}
