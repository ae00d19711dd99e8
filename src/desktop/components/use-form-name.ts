import { useId } from 'react';

/**
 * A form name no other form on the page has. antd gives each field the id `<form name>_<field>`, or the bare field
 * name when the form has none: a search bar and a dialog over one entity (or the two tables of the dictionary
 * pair) would both hold `#paramName`, and a label of the one would focus the other's input.
 */
export function useFormName(base: string): string {
  return `${base}-${useId().replace(/[^A-Za-z0-9]/g, '')}`;
}
