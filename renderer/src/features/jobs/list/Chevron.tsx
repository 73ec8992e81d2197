// The chevron of a row or a month that opens in place; CSS turns it when open.
export function Chevron() {
  return (
    <svg className="job-chevron" viewBox="0 0 16 16" aria-hidden="true">
      <path
        d="m6 3.5 4.5 4.5L6 12.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
