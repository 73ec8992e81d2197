// Placeholder: built in issue 7.
export function JobsScreen() {
  return null;
}
