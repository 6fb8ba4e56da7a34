/** The English messages, a chunk of their own: loaded when the console is set to English (i18n.ts). */
export { en } from '@property/domain';
