import { QueryClient } from '@tanstack/react-query';

/** The signed-in console's query cache (menus, buttons, gardens…); the sign-in page does not load it. */
export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
