import { useCallback, useEffect, useRef, useState } from 'react';
import { useReducedMotion } from '../../../app/reduced-motion';

/** The spec's tooltip loop (§2.3): the next point every 2000 ms. */
export const LOOP_INTERVAL_MS = 2000;

/** Why the loop holds still for a while: the pointer is over the chart, or keyboard focus is in it. */
export type Hold = 'pointer' | 'focus';

export interface LoopTimers {
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const WINDOW_TIMERS: LoopTimers = {
  setInterval: (run, ms) => setInterval(run, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

/**
 * Which point of a chart shows its tooltip, moving on by itself every `interval` while the chart has two points or
 * more, is not paused and is not held. A hold (pointer, focus) or a pause stops it where it is; when both are gone
 * it moves again a whole interval later, never at once. Free of React, so its timing is tested with fake timers.
 */
export class TooltipLoop {
  private count = 0;
  private index = 0;
  private paused = false;
  private readonly holds = new Set<Hold>();
  private timer: unknown = undefined;

  constructor(
    private readonly onChange: (index: number) => void,
    private readonly interval = LOOP_INTERVAL_MS,
    private readonly timers: LoopTimers = WINDOW_TIMERS,
  ) {}

  /** Whether the loop is moving now. */
  get running(): boolean {
    return this.timer !== undefined;
  }

  get current(): number {
    return this.index;
  }

  /** The number of points; the shown one stays within them. */
  setCount(count: number): void {
    this.count = Math.max(0, count);
    if (this.index >= this.count) this.show(0);
    this.sync();
  }

  /** Shows a point chosen by the person (a key, the pointer); the loop carries on from it. */
  show(index: number): void {
    const next = this.count === 0 ? 0 : ((index % this.count) + this.count) % this.count;
    if (next !== this.index) {
      this.index = next;
      this.onChange(next);
    }
  }

  setPaused(paused: boolean): void {
    this.paused = paused;
    this.sync();
  }

  hold(reason: Hold, on: boolean): void {
    if (on) this.holds.add(reason);
    else this.holds.delete(reason);
    this.sync();
  }

  dispose(): void {
    this.stop();
  }

  private sync(): void {
    const should = this.count > 1 && !this.paused && this.holds.size === 0;
    if (should && !this.running) this.timer = this.timers.setInterval(() => this.show(this.index + 1), this.interval);
    else if (!should) this.stop();
  }

  private stop(): void {
    if (this.timer !== undefined) this.timers.clearInterval(this.timer);
    this.timer = undefined;
  }
}

/**
 * A chart's tooltip loop in React. It starts paused when the person prefers reduced motion (and follows that
 * setting live) until they press play; the pause button (WCAG 2.2.2) overrides either way.
 */
export function useTooltipLoop(count: number) {
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [chosen, setChosen] = useState<boolean | undefined>(undefined);
  const paused = chosen ?? reducedMotion;
  const loop = useRef<TooltipLoop>(null);
  loop.current ??= new TooltipLoop(setIndex);
  useEffect(() => () => loop.current?.dispose(), []);
  useEffect(() => loop.current!.setCount(count), [count]);
  useEffect(() => loop.current!.setPaused(paused), [paused]);
  const show = useCallback((i: number) => loop.current!.show(i), []);
  const hold = useCallback((reason: Hold, on: boolean) => loop.current!.hold(reason, on), []);
  const togglePaused = useCallback(() => setChosen(!paused), [paused]);
  return { index: Math.min(index, Math.max(0, count - 1)), show, hold, paused, togglePaused };
}
