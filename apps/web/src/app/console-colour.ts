import { useEffect, useState } from 'react';
import { APP } from './config';
import { storage } from './storage';

/** The console's chosen colour (the theme picker stores it and announces a change with a `console-colour` event). */
export function useConsoleColour(): string {
  const [colour, setColour] = useState(storage.get<string>('colour') ?? APP.colour);
  useEffect(() => {
    const onColour = () => setColour(storage.get<string>('colour') ?? APP.colour);
    window.addEventListener('console-colour', onColour);
    return () => window.removeEventListener('console-colour', onColour);
  }, []);
  return colour;
}
