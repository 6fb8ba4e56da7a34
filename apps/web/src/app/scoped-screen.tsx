import type { ComponentType } from 'react';
import { useGarden } from './garden';
import { preloadable, type Preloadable } from './preloadable';

/**
 * A screen that lists the header garden's rows, loaded as its own chunk (`preloadable`) and shown once the garden
 * is known. On a first sign-in no choice is stored yet: rendered at once, such a screen listed every garden's rows
 * (a bill screen counted 870 bills, then the garden's 482) and asked again when the garden list answered.
 */
export function gardenScreen(load: () => Promise<{ default: ComponentType }>): GardenScreen {
  const screen = preloadable(() =>
    load().then(({ default: Screen }) => ({
      default: function ShownOnceGardenKnown() {
        // The shell's frame and the tab stay; the screen comes with the garden, a call's time later.
        return useGarden().settled ? <Screen /> : null;
      },
    })),
  );
  return Object.assign(screen, { scopedByGarden: true as const });
}

/** A screen made by gardenScreen: its menu's holders must be able to read the garden list (test/garden-scoped-screens). */
export type GardenScreen = Preloadable<ComponentType> & { scopedByGarden: true };

export const isGardenScreen = (screen: Preloadable<ComponentType>): screen is GardenScreen =>
  (screen as Partial<GardenScreen>).scopedByGarden === true;
