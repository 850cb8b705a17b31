import { useId, useState } from 'react';

export interface ShareLinkCopyProps {
  label: string;
  link: string;
  /** Defaults to the clipboard; tests pass their own. */
  copy?: (text: string) => Promise<void>;
}

/** A link in a labelled read-only field with a Copy button that says when it copied. */
export function ShareLinkCopy({ label, link, copy }: ShareLinkCopyProps) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const write = copy ?? ((text: string) => navigator.clipboard.writeText(text));
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <div className="join w-full max-w-xl">
        <input
          id={id}
          className="input join-item w-full"
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className="btn join-item"
          onClick={() =>
            void write(link).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}
