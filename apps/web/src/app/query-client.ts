import { QueryClient } from '@tanstack/react-query';
import { session } from './session';

/** The signed-in console's query cache (menus, buttons, gardens…); the sign-in page does not load it. */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

// One user's menus, buttons and lists are not the next one's: signing out (or a 401) empties the cache, so
// whoever signs in next in this tab starts from their own answers, never the last user's.
session.subscribe(() => {
  if (!session.token()) queryClient.clear();
});
