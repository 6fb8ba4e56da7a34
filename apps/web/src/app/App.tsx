import { useEffect } from 'react';
import { useTranslation } from './i18n';
import { BrowserRouter } from 'react-router-dom';
import { ConsoleRoutes } from './router';
import { paletteOf } from './contrast';
import { useConsoleColour } from './console-colour';
import './a11y.css';

/**
 * The page's language and the chosen colour's readable shades; the routes. antd's providers come with the
 * screens that use antd (WithAntd in router.tsx), not with the sign-in page.
 */
export function App() {
  const { i18n } = useTranslation();
  const colour = useConsoleColour();
  useEffect(() => {
    document.documentElement.lang = i18n.language === 'en' ? 'en' : 'zh-CN';
  }, [i18n.language]);
  // The focus ring, and text in the colour that antd's theme does not reach, take its readable shade (a11y.css);
  // the sign-in page's own button takes the fill and the text that reads on it (login.css).
  useEffect(() => {
    const palette = paletteOf(colour);
    const style = document.documentElement.style;
    style.setProperty('--focus-ring', palette.text);
    style.setProperty('--colour-text', palette.text);
    style.setProperty('--colour-fill', palette.fill);
    style.setProperty('--colour-on-fill', palette.onFill);
  }, [colour]);
  // The query cache comes with the shell (layout/Shell.tsx), so the sign-in page does not load it.
  // Each navigation renders at once (as the data router did): a transition could skip a page opened and
  // left quickly, and its tab with it.
  return (
    <BrowserRouter useTransitions={false}>
      <ConsoleRoutes />
    </BrowserRouter>
  );
}
