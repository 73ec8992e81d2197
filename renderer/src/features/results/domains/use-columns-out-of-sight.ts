// Which of a wide table's columns lie past the right edge of the box it
// scrolls sideways in: a narrow window must not drop a column without a word
// (the typo flag went with the findings' columns), so the table says which
// are out of sight, measured again as the box is scrolled or resized.
import { useEffect, useState, type RefObject } from 'react';

/** `box`: the element that scrolls; each column's header cell carries data-column. */
export function useColumnsOutOfSight(
  box: RefObject<HTMLElement | null>,
  layout: unknown,
): readonly string[] {
  const [out, setOut] = useState<readonly string[]>([]);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const right = el.getBoundingClientRect().right;
      const names = [...el.querySelectorAll<HTMLElement>('thead th[data-column]')]
        // More than a sliver past the edge: its number cannot be read.
        .filter((th) => th.getBoundingClientRect().right > right + 4)
        .map((th) => th.dataset.column ?? '');
      setOut((was) => (was.join() === names.join() ? was : names));
    };
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      resized.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [box, layout]);
  return out;
}
