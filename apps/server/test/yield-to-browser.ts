import { setPriority } from 'node:os';

/**
 * The API and unit files run beside the browser tests (vitest.config.ts). At a lower CPU priority they take
 * what the browser, its server and the e2e worker leave, so a screen under test re-renders on time however
 * busy the other worker is. Raising a process's own niceness needs no privileges.
 */
try {
  setPriority(10);
} catch {
  // A platform that refuses it runs the files at the normal priority.
}
