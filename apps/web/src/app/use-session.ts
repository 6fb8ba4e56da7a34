import { useSyncExternalStore } from 'react';
import { session } from './session';

/** Re-renders on sign-in, sign-out, lock and unlock. */
export function useSession() {
  const token = useSyncExternalStore(session.subscribe, () => session.token() ?? '');
  const locked = useSyncExternalStore(session.subscribe, () => session.isLocked());
  return { signedIn: token !== '', locked, user: session.user() };
}
