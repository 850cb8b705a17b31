import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface ShareLinkCopyProps {
  label: string;
  /** Undefined while it is being made: the field shows `placeholder` and Copy waits. */
  link: string | undefined;
  placeholder?: string;
  /** The field's id, where a page names it; a generated one otherwise. */
  id?: string;
  /** Copy as the page's main action. */
  primary?: boolean;
  /** Defaults to the clipboard; tests pass their own. */
  copy?: (text: string) => Promise<void>;
  /** Shown under the field. */
  children?: ReactNode;
  /**
   * Copy the link the moment it arrives and move focus to Copy (a recording's link at Stop, as
   * Loom does): the live region says whether the clipboard took it.
   */
  copyOnArrival?: boolean;
}

/**
 * A link in a labelled read-only field with a Copy button that says when it copied: a video's
 * share link at Stop, a team's invite link.
 */
export function ShareLinkCopy({
  label,
  link,
  placeholder,
  id,
  primary,
  copy,
  children,
  copyOnArrival = false,
}: ShareLinkCopyProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const [copied, setCopied] = useState<'copied' | 'refused'>();
  const button = useRef<HTMLButtonElement>(null);
  const arrived = useRef(false);
  const write = copy ?? ((text: string) => navigator.clipboard.writeText(text));
  // A browser without the Clipboard API throws rather than rejects: both say "refused".
  const copyLink = (text: string) =>
    Promise.resolve(text)
      .then(write)
      .then(
        () => setCopied('copied'),
        () => setCopied('refused'),
      );

  useEffect(() => {
    if (!copyOnArrival || !link || arrived.current) return;
    arrived.current = true;
    // The Stop button is gone, so focus would fall to the page: Copy is the next thing to do.
    button.current?.focus();
    void copyLink(link);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the link first arrives
  }, [copyOnArrival, link]);

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={fieldId} className="font-medium">
        {label}
      </label>
      <div className="join w-full max-w-xl">
        <input
          id={fieldId}
          className="input join-item w-full min-w-0"
          readOnly
          value={link ?? ''}
          placeholder={placeholder}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          ref={button}
          type="button"
          className={primary ? 'btn btn-primary join-item' : 'btn join-item'}
          disabled={!link}
          onClick={() => {
            if (link) void copyLink(link);
          }}
        >
          {copied === 'copied' ? 'Copied' : 'Copy'}
        </button>
      </div>
      {/* There from the start where the copy comes by itself, so the live region exists before its words. */}
      {copyOnArrival ? (
        <p role="status" className="text-sm empty:hidden">
          {copied === 'copied'
            ? 'Link copied'
            : copied === 'refused'
              ? 'The link could not be copied: press Copy, or select it and copy.'
              : ''}
        </p>
      ) : null}
      {children}
    </div>
  );
}
