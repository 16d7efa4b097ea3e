import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

interface Props {
  /** The button's accessible name ("Copy as…"). */
  label: string;
  /** What the button shows (an icon, or the label). */
  children: ReactNode;
  className?: string;
  title?: string;
  /** The menu's items (`role="menuitem"` buttons); `close` closes the menu (after an item ran). */
  items(close: () => void): ReactNode;
}

/**
 * A button that opens a menu, as the WAI-ARIA menu button pattern: Enter, Space or ArrowDown open
 * it on its first item, the arrows move between items, Escape or Tab close it and Escape gives
 * the focus back to the button; a press outside closes it.
 */
export function MenuButton(p: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const items = () => [
    ...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []),
  ];

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const away = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!menu.current?.contains(t) && !button.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  function close(refocus = true) {
    setOpen(false);
    if (refocus) button.current?.focus();
  }

  function onMenuKey(e: KeyboardEvent) {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => {
      e.preventDefault();
      all[(i + all.length) % all.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(all.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'Tab') close(false);
  }

  return (
    <div className="menu-button">
      <button
        ref={button}
        type="button"
        className={p.className}
        title={p.title ?? p.label}
        aria-label={p.label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {p.children}
      </button>
      {open && (
        <div
          ref={menu}
          id={id}
          role="menu"
          aria-label={p.label}
          className="menu"
          onKeyDown={onMenuKey}
        >
          {p.items(() => close())}
        </div>
      )}
    </div>
  );
}
