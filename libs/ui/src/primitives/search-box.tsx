import { useEffect, useRef, useState } from 'react';

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchBoxProps {
  /** The search on screen (from the URL); the box follows it when it changes elsewhere. */
  value: string;
  /** `typing`: after a pause in typing; `submit`: Enter. */
  onSearch: (query: string, how: 'typing' | 'submit') => void;
}

/** Inputs where `/` is a character being typed (a checkbox or a button is not one). */
const NON_TEXT_INPUTS = ['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'];

const typingTarget = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ['TEXTAREA', 'SELECT'].includes(target.tagName) ||
    (target instanceof HTMLInputElement && !NON_TEXT_INPUTS.includes(target.type)));

/** The top bar's search: searches as the person types (debounced), Enter at once; `/` focuses it. */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  if (value !== shown) {
    // The URL changed elsewhere (a cleared search, Back): show it.
    setShown(value);
    setText(value);
  }

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typingTarget(event.target)) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => () => clearTimeout(pending.current), []);

  return (
    <input
      ref={input}
      type="search"
      placeholder="Search"
      aria-label="Search"
      aria-keyshortcuts="/"
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        clearTimeout(pending.current);
        pending.current = setTimeout(() => onSearch(next.trim(), 'typing'), SEARCH_DEBOUNCE_MS);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        clearTimeout(pending.current);
        onSearch(text.trim(), 'submit');
      }}
    />
  );
}
