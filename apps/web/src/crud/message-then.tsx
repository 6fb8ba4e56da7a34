import { message } from 'antd';
import { useEffect } from 'react';

/** A message's text that says when it is on screen (its first commit). */
function Shown({ text, onShown }: { text: string; onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return <>{text}</>;
}

/** The longest a success message may take to show before the work after it starts anyway. */
const AT_MOST_MS = 1000;

/**
 * Shows a success message and runs `then` once the message is on screen and painted: slower work that follows a
 * save (reading a long list again) then never holds the message back. `then` runs once.
 */
export function successThen(text: string, then: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    requestAnimationFrame(() => setTimeout(then, 0));
  };
  void message.success(<Shown text={text} onShown={once} />);
  setTimeout(once, AT_MOST_MS);
}
