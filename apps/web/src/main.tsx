import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { languageReady } from './app/i18n';
import { recordError } from './app/error-log';
import { mendAntdStructures } from './app/antd-a11y';
import { startDialogFocus } from './app/dialog-focus';
import { startFocusReturn } from './app/focus-return';

// Unhandled errors go to the local error log (spec §8).
window.addEventListener('error', (event) => recordError('error', event.error ?? event.message, 'window.onerror'));
window.addEventListener('unhandledrejection', (event) => recordError('unhandledrejection', event.reason, 'promise'));

mendAntdStructures();
startFocusReturn();
startDialogFocus();

// The first render as a transition: React yields to the browser while it renders, instead of one long task.
// It waits for the stored language (English is fetched when chosen), so no screen shows in the other one first.
const root = createRoot(document.getElementById('root')!);
void languageReady.then(() => startTransition(() => root.render(<App />)));
