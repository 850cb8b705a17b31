import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnnotationMark } from '../player';
import { TrimEditor } from './trim-editor';

afterEach(cleanup);

type Save = (kept: unknown, annotations: AnnotationMark[]) => Promise<void>;

function setup(initialAnnotations: AnnotationMark[] = []) {
  const user = userEvent.setup();
  const onSave = vi.fn<Save>(async () => undefined);
  const view = render(
    <TrimEditor
      duration={10}
      originalUrl="/o.webm"
      initialKept={[]}
      initialAnnotations={initialAnnotations}
      onSave={onSave}
      onCancel={() => {}}
    />,
  );
  const type = async (label: string, text: string) => {
    const field = screen.getByLabelText(label, { selector: 'input' });
    await user.clear(field);
    await user.type(field, `${text}{Enter}`);
  };
  const saved = () => onSave.mock.calls.at(-1)?.[1];
  return { user, onSave, view, type, saved };
}

describe('annotations in the editor', () => {
  it('adds a blur placed by numbers (percent and m:ss) and saves it with the kept range', async () => {
    const { user, type, onSave, saved } = setup();
    await user.click(screen.getByRole('button', { name: 'Add blur' }));
    await type('X', '0');
    await type('Y', '0');
    await type('Width', '50');
    await type('Height', '50');
    await type('To', '0:04');
    await type('From', '0:01');
    expect(screen.getByRole('button', { name: '1. Blur 0:01.0–0:04.0' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(
      [{ start: 0, end: 10 }],
      [{ kind: 'blur', from: 1, to: 4, x: 0, y: 0, width: 50, height: 50, text: '', color: '' }],
    );
    expect(saved()).toHaveLength(1);
  });

  it('lists what it has, selects one to change it and removes one', async () => {
    const { user, saved } = setup();
    await user.click(screen.getByRole('button', { name: 'Add text' }));
    const text = screen.getByRole('textbox', { name: 'Text' });
    await user.clear(text);
    await user.type(text, 'Click Deploy');
    await user.click(screen.getByRole('button', { name: 'Add arrow' }));
    await user.click(screen.getByRole('button', { name: 'Add box' }));
    const list = screen.getByRole('list', { name: 'Annotation list' });
    expect(list.querySelectorAll('li')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: /^1\. Text “Click Deploy”/ }));
    expect((screen.getByRole('textbox', { name: 'Text' }) as HTMLTextAreaElement).value).toBe('Click Deploy');
    await user.click(screen.getByRole('button', { name: 'Remove annotation 2' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved()!.map((mark) => mark.kind)).toEqual(['text', 'box']);
  });

  it('keeps a place outside the frame inside it, and says so', async () => {
    const { user, type } = setup();
    await user.click(screen.getByRole('button', { name: 'Add box' }));
    await type('X', '90');
    expect(screen.getByRole('status').textContent).toBe('Kept inside the frame.');
    expect((screen.getByLabelText('X', { selector: 'input' }) as HTMLInputElement).value).toBe('90');
    expect((screen.getByLabelText('Width', { selector: 'input' }) as HTMLInputElement).value).toBe('10');
  });

  it('refuses a zero size, From after To and a time past the end, changing nothing', async () => {
    const { user, type } = setup();
    await user.click(screen.getByRole('button', { name: 'Add box' }));
    await type('Width', '0');
    expect(screen.getByText('Must be above 0')).toBeTruthy();
    await type('From', '0:05');
    expect(screen.getByText('From must come before To')).toBeTruthy();
    await type('To', '0:12');
    expect(screen.getByText('The video is 0:10.0 long')).toBeTruthy();
    expect(screen.getByRole('button', { name: '1. Box 0:00.0–0:03.0' })).toBeTruthy();
  });

  it('refuses to save text over 500 characters, saying which annotation', async () => {
    const { user, onSave } = setup();
    await user.click(screen.getByRole('button', { name: 'Add text' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: 'x'.repeat(501) } });
    expect(screen.getByText('501 of 500 characters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
      'Annotation 1: Text can be at most 500 characters',
    );
  });

  it('adds no more than 200', async () => {
    const box: AnnotationMark = { kind: 'box', from: 0, to: 1, x: 1, y: 1, width: 5, height: 5, text: '', color: '' };
    setup(Array.from({ length: 200 }, () => box));
    expect((screen.getByRole('button', { name: 'Add box' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/At most 200 annotations/)).toBeTruthy();
  });

  it('places the selected annotation by dragging on the picture', async () => {
    const { user, view, saved } = setup();
    await user.click(screen.getByRole('button', { name: 'Add blur' }));
    const video = view.container.querySelector('video')!;
    Object.defineProperty(video, 'videoWidth', { configurable: true, value: 640 });
    Object.defineProperty(video, 'videoHeight', { configurable: true, value: 360 });
    video.getBoundingClientRect = () => ({ left: 0, top: 0, width: 640, height: 360 }) as DOMRect;
    const layer = view.container.querySelector('svg[aria-label="Drawing layer"] g')!;
    fireEvent.pointerDown(layer, { clientX: 320, clientY: 180, pointerId: 1 });
    fireEvent.pointerMove(layer, { clientX: 160, clientY: 90, pointerId: 1 });
    fireEvent.pointerUp(layer, { clientX: 0, clientY: 0, pointerId: 1 });
    expect((screen.getByLabelText('Width', { selector: 'input' }) as HTMLInputElement).value).toBe('50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved()).toMatchObject([{ kind: 'blur', x: 0, y: 0, width: 50, height: 50 }]);
  });
});
