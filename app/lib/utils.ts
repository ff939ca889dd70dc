import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names (conditionally, as clsx does). Nothing is merged: a component never takes a
 * class that fights one of its own (say `h-9` against its `h-10`); what a caller may change is a
 * prop or a variant. tailwind-merge did that merging in every visitor's browser for 7 KB; the
 * every-page browser test now checks that no element on any page has two classes that conflict.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
