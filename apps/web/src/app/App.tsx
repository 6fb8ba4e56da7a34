import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useState } from 'react';
import { useTranslation } from './i18n';
import { BrowserRouter } from 'react-router-dom';
import { ConsoleRoutes } from './router';
import { storage } from './storage';
import { APP } from './config';
import { paletteOf } from './contrast';
import { consoleTheme } from './theme';
import './a11y.css';

const FORM_CONFIG = { scrollToFirstError: { focus: true, block: 'nearest' as const } };

/**
 * Providers: antd's locale switches with the app's language (dayjs's in the shell); the chosen colour themes antd.
 * (antd's CSS variables mode, `cssVar`, was measured: it adds a variables style per component and made both the
 * sign-in page and the list screen slower to start, see docs/benchmarks.md.)
 */
export function App() {
  const { i18n } = useTranslation();
  const [colour, setColour] = useState(storage.get<string>('colour') ?? APP.colour);
  useEffect(() => {
    document.documentElement.lang = i18n.language === 'en' ? 'en' : 'zh-CN';
  }, [i18n.language]);
  // The focus ring, and text in the colour that antd's theme does not reach, take its readable shade (a11y.css).
  useEffect(() => {
    document.documentElement.style.setProperty('--focus-ring', paletteOf(colour).text);
    document.documentElement.style.setProperty('--colour-text', paletteOf(colour).text);
  }, [colour]);
  useEffect(() => {
    const onColour = () => setColour(storage.get<string>('colour') ?? APP.colour);
    window.addEventListener('console-colour', onColour);
    return () => window.removeEventListener('console-colour', onColour);
  }, []);
  return (
    <ConfigProvider
      locale={i18n.language === 'en' ? enUS : zhCN}
      theme={consoleTheme(colour)}
      // A refused submit moves focus to the first field in error (issue 19), in every form.
      form={FORM_CONFIG}
    >
      {/* The query cache comes with the shell (layout/Shell.tsx), so the sign-in page does not load it. */}
      {/* Each navigation renders at once (as the data router did): a transition could skip a page opened and
          left quickly, and its tab with it. */}
      <BrowserRouter useTransitions={false}>
        <ConsoleRoutes />
      </BrowserRouter>
    </ConfigProvider>
  );
}
