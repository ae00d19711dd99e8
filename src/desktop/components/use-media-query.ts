import { useSyncExternalStore } from 'react';

/** A finger, not a mouse (a tablet): touch targets grow to TOUCH_TARGET. */
export const TOUCH_POINTER = '(pointer: coarse)';
/** The user asked the system for less motion (an accessibility setting): antd's transitions are left out. */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
/** A fingertip's target in px (WCAG 2.5.8 asks 24, Apple 44; 40 keeps four row buttons in a tablet's table). */
export const TOUCH_TARGET = 40;

/** Whether a media query matches now, following its changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
  );
}
