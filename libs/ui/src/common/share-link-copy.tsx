import { useId, useState, type ReactNode } from 'react';

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
}

/**
 * A link in a labelled read-only field with a Copy button that says when it copied: a video's
 * share link at Stop, a team's invite link.
 */
export function ShareLinkCopy({ label, link, placeholder, id, primary, copy, children }: ShareLinkCopyProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const [copied, setCopied] = useState(false);
  const write = copy ?? ((text: string) => navigator.clipboard.writeText(text));
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={fieldId} className="font-medium">
        {label}
      </label>
      <div className="join w-full max-w-xl">
        <input
          id={fieldId}
          className="input join-item w-full"
          readOnly
          value={link ?? ''}
          placeholder={placeholder}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className={primary ? 'btn btn-primary join-item' : 'btn join-item'}
          disabled={!link}
          onClick={() => {
            if (!link) return;
            void write(link).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      {children}
    </div>
  );
}
