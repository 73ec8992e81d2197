// Placeholder: built in issue 7.
export function ImportScreen() {
  return null;
}
