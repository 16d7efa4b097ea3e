import { describe, expect, it } from 'vitest';
import { typedCharacter } from './keystroke-insert';

function key(init: Partial<KeyboardEvent>): KeyboardEvent {
  return {
    key: '',
    keyCode: 0,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    shiftKey: false,
    isComposing: false,
    ...init,
  } as KeyboardEvent;
}

describe('typedCharacter', () => {
  it('gives the character of a plain key, shifted or not, astral included', () => {
    expect(typedCharacter(key({ key: 'c', keyCode: 67 }))).toBe('c');
    expect(typedCharacter(key({ key: 'C', keyCode: 67, shiftKey: true }))).toBe('C');
    expect(typedCharacter(key({ key: ' ', keyCode: 32 }))).toBe(' ');
    expect(typedCharacter(key({ key: '{', keyCode: 219, shiftKey: true }))).toBe('{');
    expect(typedCharacter(key({ key: 'é', keyCode: 0 }))).toBe('é');
    expect(typedCharacter(key({ key: '😀', keyCode: 0 }))).toBe('😀');
  });

  it('leaves modified keys to the browser and the keymaps', () => {
    expect(typedCharacter(key({ key: 'a', ctrlKey: true }))).toBeNull();
    expect(typedCharacter(key({ key: 'a', metaKey: true }))).toBeNull();
    // AltGr on Windows (Ctrl+Alt) and Option on macOS.
    expect(typedCharacter(key({ key: '@', ctrlKey: true, altKey: true }))).toBeNull();
    expect(typedCharacter(key({ key: 'å', altKey: true }))).toBeNull();
  });

  it('leaves named keys and composition to the browser', () => {
    for (const name of ['Enter', 'Tab', 'Backspace', 'Dead', 'Unidentified', 'Process', 'F1'])
      expect(typedCharacter(key({ key: name }))).toBeNull();
    expect(typedCharacter(key({ key: 'a', isComposing: true }))).toBeNull();
    expect(typedCharacter(key({ key: 'a', keyCode: 229 }))).toBeNull();
    expect(typedCharacter(key({ key: '\t' }))).toBeNull();
    expect(typedCharacter(key({ key: '\n' }))).toBeNull();
  });
});
