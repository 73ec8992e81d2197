// Placeholder: built in issue 7.
export function QuickCheck() {
  return null;
}
