import '@ant-design/v5-patch-for-react-19';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './app/i18n';
import { recordError } from './app/error-log';

// Unhandled errors go to the local error log (spec §8).
window.addEventListener('error', (event) => recordError('error', event.error ?? event.message, 'window.onerror'));
window.addEventListener('unhandledrejection', (event) => recordError('unhandledrejection', event.reason, 'promise'));

createRoot(document.getElementById('root')!).render(<App />);
