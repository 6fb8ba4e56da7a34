// antd's static methods (message, Modal.confirm) render with React 19 through this patch.
import '@ant-design/v5-patch-for-react-19';
import ConfigProvider from 'antd/es/config-provider';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { Provider as MotionProvider } from 'rc-motion';
import { useLayoutEffect, useMemo, type ReactNode } from 'react';
import { useConsoleColour } from './console-colour';
import { useTranslation } from './i18n';
import { useReducedMotion } from './reduced-motion';
import { consoleTheme } from './theme';

const FORM_CONFIG = { scrollToFirstError: { focus: true, block: 'nearest' as const } };

/**
 * antd's providers: its locale switches with the app's language (dayjs's in the shell); the chosen colour themes
 * it. A chunk of its own (see WithAntd): the sign-in page renders no antd component and does not load antd's core.
 * (antd's CSS variables mode, `cssVar`, was measured: it adds a variables style per component and made both the
 * sign-in page and the list screen slower to start, see docs/benchmarks.md.)
 *
 * With less motion asked for (useReducedMotion), antd's animations are off: through rc-motion's provider, which
 * every antd transition reads, rather than the theme's `motion` token, which would change the theme's key and
 * leave the build's static styles unused.
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const colour = useConsoleColour();
  const locale = i18n.language === 'en' ? enUS : zhCN;
  const theme = useMemo(() => consoleTheme(colour), [colour]);
  const motion = !useReducedMotion();
  // antd's static methods (Modal.confirm, message) render outside this tree, in antd's default theme (its blue
  // under white text is below 4.5:1) and styled at run time: they take the console's theme and locale too.
  useLayoutEffect(() => {
    ConfigProvider.config({
      holderRender: (content) => (
        <MotionProvider motion={motion}>
          <ConfigProvider locale={locale} theme={theme}>
            {content}
          </ConfigProvider>
        </MotionProvider>
      ),
    });
  }, [locale, theme, motion]);
  return (
    <MotionProvider motion={motion}>
      <ConfigProvider
        locale={locale}
        theme={theme}
        // A refused submit moves focus to the first field in error (issue 19), in every form.
        form={FORM_CONFIG}
      >
        {children}
      </ConfigProvider>
    </MotionProvider>
  );
}
