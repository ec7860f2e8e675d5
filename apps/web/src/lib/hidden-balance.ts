/** The header's and the member centre's "hide balance" eye: one choice, kept in localStorage. */
import { useState } from 'react';
import { readLocal, writeLocal } from './storage';

const HIDE_KEY = 'hideBalance';

export function useHiddenBalance(): [boolean, () => void] {
  const [hidden, setHidden] = useState(() => readLocal(HIDE_KEY) === '1');
  const toggle = () =>
    setHidden((h) => {
      writeLocal(HIDE_KEY, h ? '0' : '1');
      return !h;
    });
  return [hidden, toggle];
}
