import { useState } from 'react';

/**
 * Which of `ids` (in the order shown) are selected. A plain toggle flips one and becomes the
 * anchor; a range (shift) selects everything between the anchor and it.
 */
export function useSelection(ids: string[]) {
  const [selected, setSelected] = useState<string[]>([]);
  const [anchor, setAnchor] = useState<string>();
  const shown = selected.filter((id) => ids.includes(id));
  return {
    selected: shown,
    isSelected: (id: string) => shown.includes(id),
    toggle: (id: string, range: boolean) => {
      const from = anchor === undefined ? -1 : ids.indexOf(anchor);
      const to = ids.indexOf(id);
      if (range && from >= 0 && to >= 0) {
        const span = ids.slice(Math.min(from, to), Math.max(from, to) + 1);
        setSelected([...new Set([...shown, ...span])]);
      } else {
        setSelected(shown.includes(id) ? shown.filter((other) => other !== id) : [...shown, id]);
      }
      setAnchor(id);
    },
    clear: () => {
      setSelected([]);
      setAnchor(undefined);
    },
  };
}
