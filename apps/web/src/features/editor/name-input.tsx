import { useState } from 'react';
import { TextInput } from '@mantine/core';
import classes from './editor.module.css';

/** The document's name, edited in place; an empty name is not accepted (the old one comes back). */
export function NameInput({ name, onRename }: { name: string; onRename: (name: string) => void }) {
  const [text, setText] = useState(name);
  const [prev, setPrev] = useState(name);
  if (prev !== name) {
    setPrev(name);
    setText(name);
  }
  const commit = () => {
    const trimmed = text.trim();
    if (!trimmed) setText(name);
    else if (trimmed !== name) onRename(trimmed);
  };
  return (
    <TextInput
      aria-label="Document name"
      variant="unstyled"
      maxLength={200}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur();
        if (e.key === 'Escape') {
          setText(name);
          e.currentTarget.blur();
        }
      }}
      styles={{
        root: { minWidth: 64, flex: '0 1 320px' },
        input: {
          fontWeight: 600,
          fontSize: 'var(--mantine-font-size-md)',
          paddingInline: 8,
          borderRadius: 'var(--mantine-radius-sm)',
          textOverflow: 'ellipsis',
        },
      }}
      classNames={{ input: classes.nameInput }}
    />
  );
}
