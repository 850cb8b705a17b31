import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal dialog (role="dialog", labelled by its title) that closes on Escape and on the backdrop.
 * It takes the focus when it opens (unless a field inside took it with autoFocus: typing then goes
 * there) and gives it back to where it was when it closes.
 */
export function Modal({ title, onClose, children }: ModalProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  // Read while rendering: by the time effects run, a field's autoFocus has already moved the focus.
  const [previous] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  // What takes the focus: the field that autoFocused, else the dialog. Kept across StrictMode's second
  // run of the effect, whose cleanup has by then given the focus back to `previous`.
  const first = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (!first.current && active instanceof HTMLElement && box.current?.contains(active)) first.current = active;
    (first.current ?? box.current)?.focus();
    return () => previous?.focus();
  }, [previous]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="modal modal-open" role="presentation">
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="modal-box flex flex-col gap-4 outline-none"
      >
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        {children}
      </div>
      <div className="modal-backdrop" aria-hidden="true" onClick={onClose} />
    </div>
  );
}
