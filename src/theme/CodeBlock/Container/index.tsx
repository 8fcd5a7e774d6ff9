// Ejected to drop the inline colour variables (--prism-color, --prism-background-color) of the rendered colour mode:
// the stylesheet from src/prism/themeCss.ts sets them for both modes, so a dark-mode reader's blocks are dark before
// the page hydrates, and a change of mode restyles them without a new render.
import React, {type ComponentProps, type ElementType, type ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import styles from './styles.module.css';

export default function CodeBlockContainer<T extends ElementType>({
  as: As,
  ...props
}: {as: T} & ComponentProps<T>): ReactNode {
  return (
    <As
      // Polymorphic components are hard to type, without `oneOf` generics
      {...props}
      className={clsx(props.className, styles.codeBlockContainer, ThemeClassNames.common.codeBlock)}
    />
  );
}
