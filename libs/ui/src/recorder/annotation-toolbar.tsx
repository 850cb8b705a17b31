import { useRef, type KeyboardEvent } from 'react';

export interface AnnotationToolbarProps<Tool extends string = string> {
  /** Each tool's id, name (the button's) and key (its `aria-keyshortcuts`). */
  tools: readonly { readonly id: Tool; readonly label: string; readonly shortcut: string }[];
  tool: Tool;
  onTool: (tool: Tool) => void;
  colour: string;
  onColour: (colour: string) => void;
  width: number;
  onWidth: (width: number) => void;
  fades: boolean;
  onFades: (fades: boolean) => void;
  /** What the Text tool writes. */
  text: string;
  onText: (text: string) => void;
  onUndo: () => void;
  onClear: () => void;
  undoShortcut: string;
  clearShortcut: string;
  fadeShortcut: string;
}

const shortcutText = (keys: string) => keys.split(' ')[0]!.replace('Control+', 'Ctrl+');

/**
 * Drawing while recording: the tools, colour, width, fading, Undo and Clear, as an ARIA
 * toolbar. Tab reaches it once (the chosen tool); the arrow keys, Home and End move between its
 * buttons. Each button says its key in its title and `aria-keyshortcuts`.
 */
export function AnnotationToolbar<Tool extends string>(props: AnnotationToolbarProps<Tool>) {
  const { tools, tool, onTool, onUndo, onClear } = props;
  const bar = useRef<HTMLDivElement | null>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(bar.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(event.target as HTMLButtonElement);
    if (at < 0) return; // the colour, width and text fields keep their own arrow keys
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? (at + 1) % buttons.length
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? (at - 1 + buttons.length) % buttons.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? buttons.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    for (const button of buttons) button.tabIndex = -1;
    buttons[next]!.tabIndex = 0;
    buttons[next]!.focus();
  };

  const button = (name: string, keys: string, onClick: () => void, pressed?: boolean) => (
    <button
      key={name}
      type="button"
      className={`btn btn-sm ${pressed ? 'btn-primary' : 'btn-ghost'}`}
      aria-pressed={pressed}
      aria-keyshortcuts={keys}
      title={`${name} (${shortcutText(keys)})`}
      tabIndex={pressed ? 0 : -1}
      onClick={onClick}
    >
      {name}
    </button>
  );

  return (
    <div
      ref={bar}
      role="toolbar"
      aria-label="Annotations"
      className="flex flex-wrap items-center gap-2 rounded-box border border-base-300 bg-base-100 p-2"
      onKeyDown={onKeyDown}
    >
      {tools.map((choice) => button(choice.label, choice.shortcut, () => onTool(choice.id), choice.id === tool))}
      <label className="flex items-center gap-1 text-sm">
        Colour
        <input
          type="color"
          className="h-8 w-10 cursor-pointer"
          value={props.colour}
          onChange={(event) => props.onColour(event.currentTarget.value)}
        />
      </label>
      <label className="flex items-center gap-1 text-sm">
        Width
        <input
          type="range"
          className="range range-xs w-24"
          min={2}
          max={32}
          step={1}
          value={props.width}
          onChange={(event) => props.onWidth(Number(event.currentTarget.value))}
        />
      </label>
      {tool === 'text' ? (
        <label className="flex items-center gap-1 text-sm">
          Text
          <input
            type="text"
            className="input input-sm w-40"
            maxLength={200}
            value={props.text}
            onChange={(event) => props.onText(event.currentTarget.value)}
          />
        </label>
      ) : null}
      <label className="label cursor-pointer gap-1 text-sm" title={`Fade after a few seconds (${props.fadeShortcut})`}>
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={props.fades}
          aria-keyshortcuts={props.fadeShortcut}
          onChange={(event) => props.onFades(event.currentTarget.checked)}
        />
        Fade after a few seconds
      </label>
      {button('Undo', props.undoShortcut, onUndo)}
      {button('Clear', props.clearShortcut, onClear)}
    </div>
  );
}
