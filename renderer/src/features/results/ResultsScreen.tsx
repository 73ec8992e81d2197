// Placeholder: built in issue 7.
export function ResultsScreen() {
  return null;
}
