import { useId, useState } from 'react';
import { FormError } from '../primitives';

export interface TagsFieldProps {
  tags: string[];
  /** The person's existing tags, offered while typing. */
  suggestions: string[];
  busy?: boolean;
  error?: string;
  onAdd: (tag: string) => void;
  onRemove: (tag: string) => void;
}

/** A video's tags: type and press Enter to add (suggestions from existing tags), × to remove. */
export function TagsField({ tags, suggestions, busy = false, error, onAdd, onRemove }: TagsFieldProps) {
  const [text, setText] = useState('');
  const inputId = useId();
  const listId = useId();
  const has = (name: string) => tags.some((tag) => tag.toLowerCase() === name.toLowerCase());
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-medium">
        Tags
      </label>
      <div className="flex flex-wrap items-center gap-1">
        {tags.map((tag) => (
          <span key={tag} className="badge badge-outline gap-1">
            {tag}
            <button type="button" aria-label={`Remove tag ${tag}`} disabled={busy} onClick={() => onRemove(tag)}>
              ×
            </button>
          </span>
        ))}
        <input
          id={inputId}
          className="input input-sm w-48"
          list={listId}
          value={text}
          maxLength={50}
          placeholder="Add a tag"
          disabled={busy}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            const name = text.trim();
            if (!name) return;
            setText('');
            if (!has(name)) onAdd(name);
          }}
        />
        <datalist id={listId}>
          {suggestions
            .filter((name) => !has(name))
            .map((name) => (
              <option key={name} value={name} />
            ))}
        </datalist>
      </div>
      <FormError message={error} />
    </div>
  );
}
