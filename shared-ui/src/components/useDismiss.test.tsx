import { useRef, useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useDismiss } from './useDismiss';

/** A button and the panel it opens, dismissed by useDismiss. */
function Popover({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useDismiss(open, () => setOpen(false), { container: root, returnFocusTo: button });
  return (
    <div ref={root}>
      <button ref={button} type="button" onClick={() => setOpen(true)}>
        {`Open ${name}`}
      </button>
      {open ? (
        <div role="group" aria-label={name}>
          <button type="button">{`Inside ${name}`}</button>
        </div>
      ) : null}
    </div>
  );
}

const escape = (target: Element = document.activeElement ?? document.body) => act(() => void fireEvent.keyDown(target, { key: 'Escape' }));
const isOpen = (name: string) => screen.queryByRole('group', { name }) !== null;

describe('useDismiss', () => {
  it('Escape closes only the layer opened last, and gives the focus back to its button', () => {
    render(
      <>
        <Popover name="menu" />
        <Popover name="bell" />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open bell' }));
    screen.getByRole('button', { name: 'Inside bell' }).focus();
    escape();
    expect([isOpen('menu'), isOpen('bell')]).toEqual([true, false]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open bell' }));
    escape();
    expect(isOpen('menu')).toBe(false);
  });

  it('leaves the focus where it is when it was elsewhere on the page', () => {
    render(
      <>
        <Popover name="bell" />
        <input aria-label="Search" type="search" />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open bell' }));
    const search = screen.getByRole('searchbox', { name: 'Search' });
    search.focus();
    escape();
    expect(isOpen('bell')).toBe(false);
    expect(document.activeElement).toBe(search);
  });

  it("leaves a dialog's Escape to the dialog", () => {
    render(
      <>
        <Popover name="bell" />
        <dialog open aria-label="Confirm">
          <button type="button">Cancel</button>
        </dialog>
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open bell' }));
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    cancel.focus();
    escape();
    expect(isOpen('bell')).toBe(true);
    expect(document.activeElement).toBe(cancel);
  });

  it('ignores an Escape a control has already handled', () => {
    render(<Popover name="bell" />);
    fireEvent.click(screen.getByRole('button', { name: 'Open bell' }));
    const inside = screen.getByRole('button', { name: 'Inside bell' });
    inside.addEventListener('keydown', (event) => event.preventDefault());
    escape(inside);
    expect(isOpen('bell')).toBe(true);
  });
});
